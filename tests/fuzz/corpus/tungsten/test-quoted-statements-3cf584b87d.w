) v <- up; else up <- v;
