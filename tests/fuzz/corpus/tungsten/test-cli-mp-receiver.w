// receiver.w: keeps the payloads of the two messages that arrive.
xp socket sock;
xp got[2];
i in [0, 2) got[i] <- sock;
