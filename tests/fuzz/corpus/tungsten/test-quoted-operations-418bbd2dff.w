sp socket tx;
xp cmd = 5;
dsd(control) tx <- cmd;
