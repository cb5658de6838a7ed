// stencil25.w — one column of the 25-point stencil (the 3-D wave equation, eighth order in space):
// x and y are the fabric, z is this PE's memory. Each time step the PE takes part in four local
// broadcasts, one for each direction of travel: along each of them it sends its column to the
// four PEs downstream and receives, one after the other, the columns of the four PEs upstream,
// each multiplied by its coefficient as it arrives. Five rounds make one broadcast: in round r,
// the PEs whose position along the direction is r mod 5 send, and their routers' switches carry
// the column to the next four (`stencil25.paint`). Then the PE adds it all up in memory:
//   next = (2 + c0) u + Σk cz_k (u[z-k] + u[z+k]) + Σ the 16 columns received + src − prev,
// with the wave's speed and the time step folded into the coefficients.
xp param nz;       // cells in the column
xp param N;        // time steps
xp param px;       // this PE's column mod 5 and row mod 5: the round in which it sends east or south
                   // (west and north: 4 - px and 4 - py, since W and H are multiples of 5)
xp param py;
xp param ue;       // how many PEs send to this one in each direction, up to four: the PEs to the
xp param uw;       // west (they send east), to the east, to the north (they send south, +y) and
xp param us;       // to the south
xp param un;

// The four directions of travel: east (+x), west, south (+y) and north. Each direction's reads and
// sends run on microthreads of their own (WSE-2 names a microthread by its queue), so the four
// broadcasts go on at once.
sp socket ge input_queue(4) output_queue(0);
sp socket gw input_queue(5) output_queue(1);
sp socket gs input_queue(6) output_queue(2);
sp socket gn input_queue(7) output_queue(3);

sp z[2][nz + 8];   // u and prev, each with four zeros at both ends: the cells beyond the column
xp now = 0;        // which of the two rows holds u
sp src[nz];        // the source term, added every step (miset loads it)

// The coefficients, the same along x, y and z: coef[k] for a neighbour k cells away, and coef[0]
// the centre's, 2 + c0 (the eighth-order second derivative's, times 0.05, on each axis).
sp coef[5] = {1.5729167, 0.08, -0.01, 0.0012698413, -0.000089285714};

// What each direction received this step, already multiplied: [k - 1] came from k PEs upstream.
// A read takes up to nz + 1 wavelets, since the control wavelet after the column ends it.
sp be[4][nz + 1];
sp bw[4][nz + 1];
sp bs[4][nz + 1];
sp bn[4][nz + 1];
sp acc[nz];

// The control wavelet a sender ends its column with: switch commands for itself and the four
// routers downstream, two bits each from bit 0 (docs/machine.md): advance, advance, nop, nop,
// advance. A control wavelet carries bits, so a u32 goes out on the sp socket as it is.
u32 advance = 0x105;

xp t = 0;          // time steps done
xp re = 0;         // each broadcast's next round
xp rw = 0;
xp rs = 0;
xp rn = 0;
xp ended = 0;      // broadcasts that ended this step

task compute;      // defined below: the broadcasts activate it, and it starts the next step
task step;

task east;
task east_sent {   // the column has gone: the control wavelet follows it
  if (uw > 0) dsd(control) ge <- advance;
  activate east;
}
task east {
  if (re == 5) { ended = ended + 1; if (ended == 4) activate compute; }
  else {
    xp j = (px + 5 - re) % 5;
    re = re + 1;
    // uw and ue are params: a PE at an edge compiles without the branch it never takes.
    if (j == 0) {
      if (uw > 0) async(east_sent) i in [0, nz) ge <- z[now][4 + i];
      else activate east;
    } else if (ue > 0) {
      if (j <= ue) {
        sp c = coef[j];
        async(on_control activate east) i in [0, nz + 1) be[j - 1][i] <- c * ge;
      } else activate east;
    } else activate east;
  }
}

task west;
task west_sent {   // the column has gone: the control wavelet follows it
  if (ue > 0) dsd(control) gw <- advance;
  activate west;
}
task west {
  if (rw == 5) { ended = ended + 1; if (ended == 4) activate compute; }
  else {
    xp j = (4 - px + 5 - rw) % 5;
    rw = rw + 1;
    // ue and uw are params: a PE at an edge compiles without the branch it never takes.
    if (j == 0) {
      if (ue > 0) async(west_sent) i in [0, nz) gw <- z[now][4 + i];
      else activate west;
    } else if (uw > 0) {
      if (j <= uw) {
        sp c = coef[j];
        async(on_control activate west) i in [0, nz + 1) bw[j - 1][i] <- c * gw;
      } else activate west;
    } else activate west;
  }
}

task south;
task south_sent {   // the column has gone: the control wavelet follows it
  if (un > 0) dsd(control) gs <- advance;
  activate south;
}
task south {
  if (rs == 5) { ended = ended + 1; if (ended == 4) activate compute; }
  else {
    xp j = (py + 5 - rs) % 5;
    rs = rs + 1;
    // un and us are params: a PE at an edge compiles without the branch it never takes.
    if (j == 0) {
      if (un > 0) async(south_sent) i in [0, nz) gs <- z[now][4 + i];
      else activate south;
    } else if (us > 0) {
      if (j <= us) {
        sp c = coef[j];
        async(on_control activate south) i in [0, nz + 1) bs[j - 1][i] <- c * gs;
      } else activate south;
    } else activate south;
  }
}

task north;
task north_sent {   // the column has gone: the control wavelet follows it
  if (us > 0) dsd(control) gn <- advance;
  activate north;
}
task north {
  if (rn == 5) { ended = ended + 1; if (ended == 4) activate compute; }
  else {
    xp j = (4 - py + 5 - rn) % 5;
    rn = rn + 1;
    // us and un are params: a PE at an edge compiles without the branch it never takes.
    if (j == 0) {
      if (us > 0) async(north_sent) i in [0, nz) gn <- z[now][4 + i];
      else activate north;
    } else if (un > 0) {
      if (j <= un) {
        sp c = coef[j];
        async(on_control activate north) i in [0, nz + 1) bn[j - 1][i] <- c * gn;
      } else activate north;
    } else activate north;
  }
}

task step {
  re = 0; rw = 0; rs = 0; rn = 0; ended = 0;
  activate east; activate west; activate south; activate north;
}

task compute {
  i in [0, nz) acc[i] = coef[0] * z[now][4 + i];
  k in [1, 5) {
    sp c = coef[k];
    i in [0, nz) acc[i] = acc[i] + c * z[now][4 - k + i];
    i in [0, nz) acc[i] = acc[i] + c * z[now][4 + k + i];
  }
  k in [0, 4) {
    i in [0, nz) acc[i] = acc[i] + be[k][i];
    i in [0, nz) acc[i] = acc[i] + bw[k][i];
    i in [0, nz) acc[i] = acc[i] + bs[k][i];
    i in [0, nz) acc[i] = acc[i] + bn[k][i];
  }
  i in [0, nz) acc[i] = acc[i] + src[i];
  now = 1 - now;
  i in [0, nz) z[now][4 + i] = acc[i] - z[now][4 + i];
  t = t + 1;
  if (N > t) activate step;
}

if (N > 0) activate step;
