import { describe, expect, it } from 'vitest';
import { uploadName } from './uploadName';

describe('uploadName', () => {
  it('decodes the header and keeps only the last path segment', () => {
    expect(uploadName(encodeURIComponent('../../etc/passwd'))).toBe('passwd');
    expect(uploadName(encodeURIComponent('C:\\plant\\boiler room.png'))).toBe('boiler room.png');
    expect(uploadName(encodeURIComponent('锅炉房.jpg'))).toBe('锅炉房.jpg');
  });

  it('removes control characters and dot segments, and keeps 200 characters at most', () => {
    expect(uploadName(encodeURIComponent('pump\r\nSet-Cookie: x\u0000.png'))).toBe('pumpSet-Cookie: x.png');
    expect(uploadName(encodeURIComponent('a/..'))).toBe('');
    expect(uploadName(encodeURIComponent(`${'水'.repeat(250)}.png`))).toBe('水'.repeat(200));
  });

  it('keeps a name that is not URI-encoded as sent, and answers empty without one', () => {
    expect(uploadName('100%.png')).toBe('100%.png');
    expect(uploadName(undefined)).toBe('');
    expect(uploadName(['first.png', 'second.png'])).toBe('first.png');
  });
});
