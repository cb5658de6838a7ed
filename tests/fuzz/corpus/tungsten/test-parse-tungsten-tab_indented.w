main {
	x = = 1;
}
