hp socket rx;
sp out[4];
i in [0, 4) out[i] <- (sp)rx;
