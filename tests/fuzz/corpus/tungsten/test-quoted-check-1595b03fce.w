k.w:4:8: error: 'w' is used before declaration
xp w = w + 1; // error: 'w' is used before declaration
       ^
