// ar_colhead.w — allreduce.paint: the end of the center column, the head of its fabric-adder chain:
// its row's sum (the two halves and its value) goes (as sp) toward the center, then the total comes back.
sp socket west;   // the row's halves
sp socket east;
sp socket chain;
sp socket total_in;
hp v = 1.0;
sp total;
sp a;
sp b;
a <- west;
b <- east;
chain <- a + b + (sp)v;
total <- total_in;
