// ar_collink.w — allreduce.paint: a link of the center column's fabric-adder chain: hands its row's sum
// to its router's adder (as hp, the adder's operand), then keeps the total that comes back.
sp socket west;
sp socket east;
hp socket chain;
sp socket total_in;
hp v = 1.0;
sp total;
sp a;
sp b;
sp row;
a <- west;
b <- east;
row = a + b + (sp)v;
chain <- (hp)row;
total <- total_in;
