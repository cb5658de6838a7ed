// ar_gather.w — allreduce.paint: the end of a row's chain, beside the center column: adds its value to
// the chain's sum and sends it to the column, then keeps the total that comes back.
sp socket chain;  // the chain's sum arrives
sp socket half;   // to the column
sp socket total_in;
hp v = 1.0;
sp total;
sp sum;
sum <- chain;
half <- sum + (sp)v;
total <- total_in;
