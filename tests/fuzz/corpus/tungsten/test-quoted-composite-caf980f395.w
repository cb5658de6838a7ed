struct P { struct P inner; };
