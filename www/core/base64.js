// The one base64 codec: the embedded wasm (standard alphabet) and #record= links
// (base64url, no padding) both go through here.

/** Bytes from base64 or base64url text (padding optional). */
export function base64ToBytes(s) {
  const std = s.replace(/-/g, '+').replace(/_/g, '/');
  if (typeof Buffer !== 'undefined') return new Uint8Array(Buffer.from(std, 'base64'));
  const bin = atob(std + '==='.slice((std.length + 3) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** base64url text (no padding) of bytes. */
export function bytesToBase64url(bytes) {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** base64url of the UTF-8 bytes of a string. */
export function textToBase64url(text) {
  return bytesToBase64url(new TextEncoder().encode(text));
}

/** The string whose UTF-8 bytes a base64url text holds; throws on invalid UTF-8. */
export function base64urlToText(s) {
  return new TextDecoder('utf-8', { fatal: true }).decode(base64ToBytes(s));
}
