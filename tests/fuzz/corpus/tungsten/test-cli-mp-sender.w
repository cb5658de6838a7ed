// sender.w: two messages to the PE at (0, 0), the receiver: a message's index is its destination,
// x in bits 0-7 and y in bits 8-15 (docs/machine.md, Message passing).
xp socket sock;
xp payload[2] = {0x1234, 0x0bee};
dsd(index 0x0000) i in [0, 2) sock <- payload[i] + 0;
