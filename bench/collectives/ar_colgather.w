// ar_colgather.w — allreduce.paint: the end of a column chain, beside the center: adds its row's sum to
// the chain's and sends it to the center, then keeps the total that comes back.
sp socket west;
sp socket east;
sp socket chain;
sp socket half;
sp socket total_in;
hp v = 1.0;
sp total;
sp a;
sp b;
sp sum;
a <- west;
b <- east;
sum <- chain;
half <- sum + a + b + (sp)v;
total <- total_in;
