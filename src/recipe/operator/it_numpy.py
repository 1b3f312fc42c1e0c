import hashlib
import numpy as np
graine = 1234567890123456789 # campo "fairplay.seed" di hand_end
commit = "..." # campo "commit" dei messaggi di stato
assert hashlib.sha256(f"selfpoker:{graine}".encode()).hexdigest() == commit
paquet = list(np.random.default_rng(graine).permutation(52))
# n giocatori: carte 0..2n-1 = mani (2 per giocatore), 2n..2n+4 = carte comuni
# valore = carta // 4 (0=2 … 12=asso), seme = carta % 4 (♣♦♥♠)
