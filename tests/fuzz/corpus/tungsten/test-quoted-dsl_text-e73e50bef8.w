xp socket rx input_queue(5) output_queue(2);
