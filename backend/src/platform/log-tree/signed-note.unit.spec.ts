import { generateSeed, noteSignedBy, openNote, parseCheckpointText, parseSignerKey, parseVerifierKey, signNote, signerFromSeed, signerKeyText, verifierKeyText, checkpointText } from './signed-note';

describe('C2SP signed checkpoints', () => {
  // Known key of Go's golang.org/x/mod/sumdb/note documentation (PeterNeumann): our key ids and formats must match.
  const goSigner = 'PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz';
  const goVerifier = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';

  it('reads and writes keys exactly as Go\'s note package does', () => {
    const signer = parseSignerKey(goSigner);
    expect(verifierKeyText(signer)).toBe(goVerifier);
    expect(parseVerifierKey(goVerifier).publicKey.equals(signer.publicKey)).toBe(true);
  });

  it('verifies a note signed by Go\'s note package, and signs notes Go verifies the same way', () => {
    const goNote = 'If you think cryptography is the answer to your problem,\nthen you don\'t know what your problem is.\n\n— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n';
    const verifier = parseVerifierKey(goVerifier);
    expect(noteSignedBy(openNote(goNote), verifier)).toBe(true);
    const ours = signNote('If you think cryptography is the answer to your problem,\nthen you don\'t know what your problem is.\n', parseSignerKey(goSigner));
    // Ed25519 is deterministic: the same key over the same text gives Go's exact signature.
    expect(ours).toBe(goNote);
  });

  it('refuses a changed text, another key, and malformed keys and checkpoints', () => {
    const seed = generateSeed();
    const signer = signerFromSeed('example.org/log', seed);
    expect(parseSignerKey(signerKeyText('example.org/log', seed)).publicKey.equals(signer.publicKey)).toBe(true);
    const note = signNote(checkpointText({ origin: 'example.org/log', size: 5, root: Buffer.alloc(32, 1) }), signer);
    expect(noteSignedBy(openNote(note), parseVerifierKey(verifierKeyText(signer)))).toBe(true);
    expect(noteSignedBy(openNote(note.replace('\n5\n', '\n6\n')), parseVerifierKey(verifierKeyText(signer)))).toBe(false);
    expect(noteSignedBy(openNote(note), parseVerifierKey(goVerifier))).toBe(false);
    expect(parseCheckpointText(openNote(note).text)).toEqual({ origin: 'example.org/log', size: 5, root: Buffer.alloc(32, 1) });
    expect(() => parseSignerKey('PRIVATE+KEY+x+00000000+AAAA')).toThrow('Ed25519');
    expect(() => parseCheckpointText('origin\nfive\nAAAA\n')).toThrow('not a number');
    expect(() => openNote('no signature\n')).toThrow('not a signed note');
  });
});
