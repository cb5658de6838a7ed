xp a;
}
