"""Differential oracle: real NumPy. Reads one seed per line on stdin, prints
`seed d0 d1 ... d51` for numpy.random.default_rng(seed).permutation(52)."""
import sys

import numpy as np

out = []
for line in sys.stdin:
    line = line.strip()
    if not line:
        continue
    seed = int(line)
    perm = np.random.default_rng(seed).permutation(52)
    out.append(line + " " + " ".join(str(int(x)) for x in perm))
sys.stdout.write("\n".join(out) + "\n")
sys.stderr.write(f"numpy {np.__version__}: {len(out)} permutations\n")
