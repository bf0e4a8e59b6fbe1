import { describe, expect, it } from 'vitest';
import { imageSrcFor } from '../../src/components/image-src.ts';

describe('image addresses from the stored login data (000 §9, 002 §3 imageHostUrl, imageResizingQueryString)', () => {
  it('a relative image goes on the image host with the resizing query; absolute, data and blob addresses keep their host', () => {
    const src = imageSrcFor({ imageHostUrl: 'https://img.example/', imageResizingQueryString: '?w=800' });
    expect(src('seed/1/rc1.svg')).toBe('https://img.example/seed/1/rc1.svg?w=800');
    expect(src('/uploads/x.png?exp=1')).toBe('/uploads/x.png?exp=1&w=800');
    expect(src('data:image/png;base64,AA')).toBe('data:image/png;base64,AA');
    // No host in the login data: the address as given (the server's own /uploads).
    expect(imageSrcFor({})('seed/1/rc1.svg')).toBe('seed/1/rc1.svg');
  });
});
