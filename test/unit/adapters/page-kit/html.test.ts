import { html, renderHtml } from '../../../../src/adapters/page-kit/html';

describe('the html template', () => {
  it('escapes every interpolated value', () => {
    const name = `<script>alert("x")</script>' onmouseover=\`y\``;
    expect(renderHtml(html`<p title="${name}">${name}</p>`)).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; onmouseover&#61;&#96;y&#96;">' +
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; onmouseover&#61;&#96;y&#96;</p>',
    );
  });

  it('nests fragments and arrays without escaping them twice, and drops null, undefined and false', () => {
    const items = ['a&b', 'c'].map((x) => html`<li>${x}</li>`);
    expect(renderHtml(html`<ul>${items}</ul>${null}${undefined}${false}${0}`)).toBe('<ul><li>a&amp;b</li><li>c</li></ul>0');
  });

  it('escapes a plain object that only looks like a fragment', () => {
    expect(renderHtml(html`${{ toString: () => '<b>' }}`)).toBe('&lt;b&gt;');
  });
});
