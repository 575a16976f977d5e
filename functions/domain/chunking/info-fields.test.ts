import { describe, expect, it } from 'vitest';
import { infoField } from './info-fields';

describe('infoField', () => {
  it('reads the fields of an object description as Sphinx shows them', () => {
    expect(infoField('    :param bytes wrapping_key: The wrapping key.')).toBe('    Parameter `wrapping_key` (bytes): The wrapping key.');
    expect(infoField(':param ttl: How old a token may be.')).toBe('Parameter `ttl`: How old a token may be.');
    expect(infoField(':type algorithm: :class:`~hashes.HashAlgorithm`')).toBe('Type of `algorithm`: :class:`~hashes.HashAlgorithm`');
    expect(infoField(':raises cryptography.exceptions.InvalidSignature: Raised when')).toBe('Raises `cryptography.exceptions.InvalidSignature`: Raised when');
    expect(infoField(':raises :exc:`ValueError`: if the key is short.')).toBe('Raises :exc:`ValueError`: if the key is short.');
    expect(infoField(':return bytes: The wrapped key.')).toBe('Returns (bytes): The wrapped key.');
    expect(infoField(':returns: A token.')).toBe('Returns: A token.');
    expect(infoField(':rtype: int')).toBe('Return type: int');
    expect(infoField(':meta private:')).toBe('');
  });

  it('leaves other lines as they are, shows other fields as the items of their list, and hides file-wide metadata', () => {
    expect(infoField('A sentence: with a colon.')).toBeUndefined();
    expect(infoField(':func:`zip` pairs items.')).toBeUndefined();
    expect(infoField(':param: no name')).toBeUndefined();
    expect(infoField(':Author: Guido')).toBe('- Author: Guido');
    expect(infoField('   :names: The enum members.')).toBe('   - names: The enum members.');
    expect(infoField(':orphan:')).toBe('');
  });
});
