k.w:2:4: error: duplicate array declaration 'a'
xp a[8];
   ^
k.w:1:4: note: 'a' was first declared here
xp a[4];
   ^
