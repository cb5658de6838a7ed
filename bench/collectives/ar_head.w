// ar_head.w — allreduce.paint: the end of a row, the head of its fabric-adder chain: sends its value
// (as sp) toward the center column, then keeps the total that comes back.
sp socket chain;  // to the adder chain
sp socket total_in;
hp v = 1.0;       // this PE's value
sp total;
chain <- (sp)v;
total <- total_in;
