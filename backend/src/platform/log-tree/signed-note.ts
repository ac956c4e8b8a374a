import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';

/**
 * C2SP signed notes (https://c2sp.org/signed-note) with Ed25519, and the tlog-checkpoint body they
 * carry (https://c2sp.org/tlog-checkpoint): node:crypto does the signing, the text format is ours.
 *
 *   <origin>\n<tree size>\n<base64 root hash>\n   the checkpoint (the note's text)
 *   \n                                            then one signature line per signer:
 *   — <key name> <base64(key id ‖ signature)>\n   key id = SHA-256(name ‖ "\n" ‖ 0x01 ‖ public key)[0:4]
 *
 * Verifier keys travel as `<name>+<hex key id>+<base64(0x01 ‖ public key)>`, signer keys (the
 * LOG_SIGNING_KEY format of Go's golang.org/x/mod/sumdb/note) as `PRIVATE+KEY+<name>+<hex key id>+<base64(0x01 ‖ seed)>`.
 */

const ED25519 = 0x01;
/** DER prefix of a PKCS#8 Ed25519 private key; the 32-byte seed follows. */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const KEY_NAME = /^[^\s+]+$/u;

export interface NoteSigner {
  name: string;
  keyId: Buffer;
  publicKey: Buffer;
  privateKey: KeyObject;
}

export function keyIdOf(name: string, publicKey: Buffer): Buffer {
  return createHash('sha256').update(`${name}\n`).update(Buffer.from([ED25519])).update(publicKey).digest().subarray(0, 4);
}

export function signerFromSeed(name: string, seed: Buffer): NoteSigner {
  if (!KEY_NAME.test(name)) throw new Error(`a key name has no spaces or '+': ${JSON.stringify(name)}`);
  if (seed.length !== 32) throw new Error('an Ed25519 seed is 32 bytes');
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  const publicKey = Buffer.from(jwk.x!, 'base64url');
  return { name, keyId: keyIdOf(name, publicKey), publicKey, privateKey };
}

/** A fresh Ed25519 seed (the private key's 32 bytes). */
export function generateSeed(): Buffer {
  const { privateKey } = generateKeyPairSync('ed25519');
  const der = privateKey.export({ format: 'der', type: 'pkcs8' });
  return Buffer.from(der.subarray(der.length - 32));
}

/** Parses `PRIVATE+KEY+<name>+<hex id>+<base64(0x01 ‖ seed)>`; throws a message naming what is wrong. */
export function parseSignerKey(text: string): NoteSigner {
  const parts = splitPlus(text.trim(), 5);
  if (parts.length !== 5 || parts[0] !== 'PRIVATE' || parts[1] !== 'KEY') throw new Error('must look like PRIVATE+KEY+<name>+<key id>+<key>');
  const [, , name, idHex, encoded] = parts;
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length !== 33 || bytes[0] !== ED25519) throw new Error('the key must be an Ed25519 key (33 bytes starting with 0x01, base64)');
  const signer = signerFromSeed(name, bytes.subarray(1));
  if (signer.keyId.toString('hex') !== idHex.toLowerCase()) throw new Error(`its key id ${idHex} does not match the key (expected ${signer.keyId.toString('hex')})`);
  return signer;
}

/** Splits at the first `count - 1` '+' signs: the key's base64 may hold '+' itself (as Go's note package reads it). */
function splitPlus(text: string, count: number): string[] {
  const parts: string[] = [];
  let rest = text;
  while (parts.length < count - 1) {
    const at = rest.indexOf('+');
    if (at < 0) break;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  parts.push(rest);
  return parts;
}

export function signerKeyText(name: string, seed: Buffer): string {
  const signer = signerFromSeed(name, seed);
  return `PRIVATE+KEY+${name}+${signer.keyId.toString('hex')}+${Buffer.concat([Buffer.from([ED25519]), seed]).toString('base64')}`;
}

export function verifierKeyText(signer: Pick<NoteSigner, 'name' | 'keyId' | 'publicKey'>): string {
  return `${signer.name}+${signer.keyId.toString('hex')}+${Buffer.concat([Buffer.from([ED25519]), signer.publicKey]).toString('base64')}`;
}

export interface Verifier {
  name: string;
  keyId: Buffer;
  publicKey: Buffer;
}

export function parseVerifierKey(text: string): Verifier {
  const parts = splitPlus(text.trim(), 3);
  if (parts.length !== 3) throw new Error('a verifier key looks like <name>+<key id>+<key>');
  const [name, idHex, encoded] = parts;
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length !== 33 || bytes[0] !== ED25519) throw new Error('not an Ed25519 verifier key');
  const publicKey = bytes.subarray(1);
  const keyId = keyIdOf(name, publicKey);
  if (keyId.toString('hex') !== idHex.toLowerCase()) throw new Error('the verifier key id does not match its key');
  return { name, keyId, publicKey };
}

export function signNote(text: string, signer: NoteSigner): string {
  if (!text.endsWith('\n')) throw new Error('a note text ends with a newline');
  const signature = sign(null, Buffer.from(text, 'utf8'), signer.privateKey);
  return `${text}\n— ${signer.name} ${Buffer.concat([signer.keyId, signature]).toString('base64')}\n`;
}

export interface OpenedNote {
  text: string;
  signatures: { name: string; keyId: Buffer; signature: Buffer }[];
}

/** Splits a signed note into its text and signature lines (no verification). */
export function openNote(note: string): OpenedNote {
  const normalised = note.replace(/\r\n/g, '\n');
  const split = normalised.lastIndexOf('\n\n');
  if (split < 0) throw new Error('not a signed note: no blank line before the signatures');
  const text = normalised.slice(0, split + 1);
  const lines = normalised.slice(split + 2).split('\n').filter((l) => l !== '');
  if (lines.length === 0) throw new Error('not a signed note: no signature');
  const signatures = lines.map((line) => {
    const match = /^— (\S+) ([A-Za-z0-9+/=]+)$/u.exec(line);
    if (!match) throw new Error(`not a signature line: ${JSON.stringify(line.slice(0, 80))}`);
    const bytes = Buffer.from(match[2], 'base64');
    if (bytes.length < 5) throw new Error('a signature is too short');
    return { name: match[1], keyId: bytes.subarray(0, 4), signature: bytes.subarray(4) };
  });
  return { text, signatures };
}

/** Whether the note carries a valid signature by this verifier. */
export function noteSignedBy(note: OpenedNote, verifier: Verifier): boolean {
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: verifier.publicKey.toString('base64url') }, format: 'jwk' });
  return note.signatures.some(
    (s) => s.name === verifier.name && s.keyId.equals(verifier.keyId) && verify(null, Buffer.from(note.text, 'utf8'), key, s.signature),
  );
}

export interface Checkpoint {
  origin: string;
  size: number;
  root: Buffer;
}

export function checkpointText(checkpoint: Checkpoint): string {
  return `${checkpoint.origin}\n${checkpoint.size}\n${checkpoint.root.toString('base64')}\n`;
}

/** Parses a checkpoint body (origin, size, root; extension lines are allowed and ignored). */
export function parseCheckpointText(text: string): Checkpoint {
  const lines = text.split('\n');
  if (lines.length < 4 || lines[lines.length - 1] !== '') throw new Error('a checkpoint has an origin line, a tree size line and a root hash line');
  const [origin, sizeText, rootText] = lines;
  if (origin === '') throw new Error('the checkpoint has no origin line');
  if (!/^(0|[1-9][0-9]{0,15})$/.test(sizeText)) throw new Error(`the tree size ${JSON.stringify(sizeText.slice(0, 40))} is not a number`);
  const root = Buffer.from(rootText, 'base64');
  if (root.length !== 32 || root.toString('base64') !== rootText) throw new Error('the root hash is not 32 bytes of base64');
  return { origin, size: Number(sizeText), root };
}
