// A SHA-256 hash as the core writes it: 64 lowercase hex digits, nothing around.
// One definition for every module that checks one (stored chain positions, the
// installed page's own hash).

export const HEX64 = /^[0-9a-f]{64}$/;
