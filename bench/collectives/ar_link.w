// ar_link.w — allreduce.paint: a link of a row's fabric-adder chain: hands its value to its router,
// whose adder adds it to the sum passing by, then keeps the total that comes back.
hp socket chain;  // the adder's operand
sp socket total_in;
hp v = 1.0;
sp total;
chain <- v;
total <- total_in;
