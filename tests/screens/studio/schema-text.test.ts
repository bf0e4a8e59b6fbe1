import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../src/screens/studio/schema-text.ts';

// The studio editor's docs and messages as plain text (issue 17): the library puts them in innerHTML, and messages
// quote what the analyst typed.
describe('schema-text renderMarkdown', () => {
  it('escapes markup and keeps `code` spans', () => {
    expect(renderMarkdown('Expected `object` but received <img src=x onerror="alert(1)">')).toBe(
      'Expected <code>object</code> but received &lt;img src=x onerror=&quot;alert(1)&quot;&gt;',
    );
  });

  it('renders block text as paragraphs and line breaks', () => {
    expect(renderMarkdown('first line\nsecond\n\nnext & last', false)).toBe('<p>first line<br>second</p><p>next &amp; last</p>');
  });
});
