// ar_root.w — allreduce.paint: the center: adds its row's sum to the halves of the column and sends
// the total to every PE.
sp socket west;
sp socket east;
sp socket north;
sp socket south;
sp socket total_out;
hp v = 1.0;
sp total;
sp a;
sp b;
sp n;
sp s;
a <- west;
b <- east;
n <- north;
s <- south;
total = a + b + n + s + (sp)v;
total_out <- total;
