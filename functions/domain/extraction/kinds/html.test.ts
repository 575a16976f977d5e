import { describe, expect, it } from 'vitest';
import { legacyText, utf8 } from '../../../../test/support/extraction/fixture-builders';
import { extractHtml } from './html';

const DOCS_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Installing the CLI • Acme Docs</title><style>body { color: red }</style><script>var tracking = 1;</script></head>
<body>
  <header class="site-header"><a href="/">Acme Docs</a><nav><a href="/pricing">Pricing</a> <a href="/blog">Blog</a></nav></header>
  <nav class="sidebar"><ul><li><a href="/docs/start">Getting started</a></li><li><a href="/docs/cli">Installing the CLI</a></li><li><a href="/docs/api">API reference</a></li></ul></nav>
  <main>
    <article>
      <h1>Installing the <em>CLI</em></h1>
      <p>The command line tool talks to your workspace. It runs on Linux, macOS and Windows, and it needs a recent Node.js runtime to be installed first.</p>
      <h2>On Linux</h2>
      <p>Download the archive and unpack it into a directory on your path. Then check that the shell finds it before you go on to configure it.</p>
      <pre><code class="language-bash">curl -fsSL https://acme.example/install.sh -o install.sh
chmod +x install.sh
./install.sh --prefix /usr/local</code></pre>
      <h3>Checking the install</h3>
      <p>Ask the tool for its version; it prints the version and the channel it was installed from, as the following table shows for each channel.</p>
      <table><thead><tr><th>Channel</th><th>Version</th></tr></thead><tbody><tr><td>stable</td><td>2.4.1</td></tr><tr><td>beta</td><td>2.5.0-beta.3</td></tr></tbody></table>
      <h2>On macOS</h2>
      <p>Use Homebrew, which keeps the tool up to date together with the rest of your packages:</p>
      <ul><li>brew tap acme/tools</li><li>brew install acme-cli</li></ul>
      <p>See <a href="/docs/config">the configuration guide</a> for what to set next, and <strong>restart</strong> your shell.</p>
    </article>
  </main>
  <footer class="site-footer"><p>© 2026 Acme Inc. All rights reserved. Privacy policy. Terms of service.</p></footer>
</body>
</html>`;

describe('html', () => {
  it('keeps the main content in sections with their heading paths', () => {
    const document = extractHtml(utf8(DOCS_PAGE));
    expect(document.kind).toBe('html');
    expect(document.sections.map((section) => section.headings)).toEqual([
      ['Installing the CLI'],
      ['Installing the CLI', 'On Linux'],
      ['Installing the CLI', 'On Linux', 'Checking the install'],
      ['Installing the CLI', 'On macOS'],
    ]);
    expect(document.sections[0]!.text).toMatch(/^Installing the CLI\n\nThe command line tool talks to your workspace\./);
    expect(document.text).toBe(document.sections.map((section) => section.text).join('\n\n'));
  });

  it('reads every section of a page made of sibling sections, where Readability would keep one', () => {
    const option = (name: string) => `<dt>--${name}</dt><dd><p>Perform the merge with ${name} and say so on the terminal, which the user sees at once.</p></dd>`;
    const manual = `<html><head><title>git-merge(1)</title></head><body><div id="header"><h1>git-merge(1) Manual Page</h1><div class="breadcrumb-ish"><a href="index.html">Home</a> | <a href="toc.html">Table of contents</a> | <a href="genindex.html">Index</a></div><h2>NAME</h2><p>git-merge - Join two or more development histories together</p></div><div id="content"><div class="sect1"><h2>OPTIONS</h2><div class="sectionbody"><dl>${['commit', 'edit', 'ff', 'log', 'stat', 'squash', 'verify', 'autostash'].map(option).join('')}</dl></div></div><div class="sect1"><h2>HOW CONFLICTS ARE PRESENTED</h2><div class="sectionbody"><p>During a merge, the working tree files are updated to reflect the result of the merge, and the conflicting hunk is shown between markers.</p><p>The area where a pair of conflicting changes happened is marked with markers, and the part before the separator is typically your side, while the part after it is typically their side.</p><p>Setting merge.conflictStyle to diff3 also shows the original, the common ancestor's version, between the two sides of the conflict.</p></div></div><div class="sect1"><h2>CONFIGURATION</h2><div class="sectionbody"><p>The merge.ff setting decides whether a merge that can be resolved as a fast-forward is recorded as one, and it applies to every branch unless a branch overrides it.</p><p>The merge.log setting puts the one-line descriptions of the merged commits in the merge commit message, up to the number of commits it says.</p></div></div></div></body></html>`;
    const { text } = extractHtml(utf8(manual));
    for (const kept of ['git-merge - Join two or more development histories together', '--autostash', 'merge.conflictStyle to diff3', 'The merge.log setting']) expect(text).toContain(kept);
    expect(text).not.toContain('Table of contents');
  });

  it('reads the content a page marks as its main one', () => {
    const page = `<html><head><title>os</title></head><body><div class="related"><a href="genindex.html">index</a> <a href="py-modindex.html">modules</a></div><div class="sphinxsidebar"><h3>This page</h3><p>Report a bug in the tracker, or show the source of this page.</p></div><div class="body" role="main"><h1>os — Miscellaneous operating system interfaces</h1><p>This module provides a portable way of using operating system dependent functionality, such as reading environment variables.</p></div></body></html>`;
    const { text } = extractHtml(utf8(page));
    expect(text).toContain('This module provides a portable way');
    expect(text).not.toContain('Report a bug');
  });

  it("drops the permalinks a documentation generator puts beside headings and captions", () => {
    const sphinx = '<html><head><title>Formsets | Django</title></head><body><div role="main"><h1>Formsets<a class="headerlink" href="#formsets" title="Permalink to this headline">¶</a></h1><p>A formset is a layer of abstraction to work with multiple forms on the same page, like a data grid.</p><h2>Using initial data with a formset<a href="#using-initial-data">¶</a></h2><p>Initial data is what drives the main usability of a formset, as the following example shows for two articles.</p><div class="code-block-caption"><span class="caption-text">polls/models.py</span><a class="headerlink" href="#id1">¶</a></div><pre>class Question(models.Model): pass</pre><p>See <a href="#formsets">the top of the page</a> again.</p></div></body></html>';
    const document = extractHtml(utf8(sphinx));
    expect(document.sections.map((section) => section.headings)).toEqual([['Formsets'], ['Formsets', 'Using initial data with a formset']]);
    expect(document.text).not.toContain('¶');
    expect(document.text).toContain('polls/models.py');
    expect(document.text).toContain('See the top of the page again.');
  });

  it('takes the title from <title>', () => {
    expect(extractHtml(utf8(DOCS_PAGE)).metadata.title).toBe('Installing the CLI • Acme Docs');
  });

  it('keeps a code block whole, fenced, with its line breaks and language', () => {
    const linux = extractHtml(utf8(DOCS_PAGE)).sections[1]!.text;
    expect(linux).toContain(
      ['```bash', 'curl -fsSL https://acme.example/install.sh -o install.sh', 'chmod +x install.sh', './install.sh --prefix /usr/local', '```'].join('\n'),
    );
  });

  it('drops navigation, header, footer, scripts and styles', () => {
    const { text } = extractHtml(utf8(DOCS_PAGE));
    for (const boilerplate of ['Pricing', 'Blog', 'Getting started', 'API reference', 'All rights reserved', 'tracking', 'color: red']) {
      expect(text).not.toContain(boilerplate);
    }
  });

  it('reads lists and tables, keeps link and emphasis text without their markup', () => {
    const { text } = extractHtml(utf8(DOCS_PAGE));
    expect(text).toContain('| Channel | Version |\n| --- | --- |\n| stable | 2.4.1 |\n| beta | 2.5.0-beta.3 |');
    expect(text).toMatch(/^- brew tap acme\/tools$/m);
    expect(text).toMatch(/^- brew install acme-cli$/m);
    expect(text).toContain('See the configuration guide for what to set next, and restart your shell.');
    expect(text).not.toMatch(/\]\(|\*\*|_CLI_/);
  });

  it('reads a heading inside a table cell as the cell text', () => {
    const html = `<html><head><title>Reference</title></head><body><main><h1>Reference</h1><p>${'Every function of the package, grouped by what it works on, with a line on what each one does. '.repeat(6)}</p><table><tr><th colspan="2"><h2>All functions</h2></th></tr><tr><td><code>mts_filter()</code></td><td>General purpose data filtering</td></tr><tr><td><code>mts_trim()</code></td><td>Trim the time axis</td></tr></table></main></body></html>`;
    expect(extractHtml(utf8(html)).text).toContain('| All functions |  |\n| --- | --- |\n| `mts_filter()` | General purpose data filtering |');
  });

  it('keeps code whose lines are elements (highlighters) and never escapes Markdown in text', () => {
    const html = `<html><head><title>Filters</title></head><body><article><h1>Filtering</h1>
      <p>The function mts_filter keeps rows where a_condition is true; it is the most used of the filters in the package by far, and it is fast.</p>
      <pre class="r"><span class="fu">mts_filter</span>(<span class="va">mts</span>, x &gt; 150)
<span class="co"># keep the rest</span>
<span class="va">rest</span> &lt;- <span class="fu">mts_select</span>()</pre></article></body></html>`;
    const { text } = extractHtml(utf8(html));
    expect(text).toContain('mts_filter keeps rows where a_condition is true');
    expect(text).toContain('```\nmts_filter(mts, x > 150)\n# keep the rest\nrest <- mts_select()\n```');
  });

  it('keeps the lines of code written with <br> or one element per line, and drops a highlighter table\'s line numbers', () => {
    const prose = `<p>${'How to configure the server, with the two settings most sites change first and what they do. '.repeat(6)}</p>`;
    const html = `<html><head><title>Config</title></head><body><article><h1>Config</h1>${prose}
      <figure class="highlight yaml"><table><tr><td class="gutter"><pre><span class="line">1</span><br><span class="line">2</span><br></pre></td><td class="code"><pre><span class="line">port: 8080</span><br><span class="line">host: 0.0.0.0</span><br></pre></td></tr></table></figure>
      <pre><code><div class="line">make build</div><div class="line">make install</div></code></pre></article></body></html>`;
    const { text } = extractHtml(utf8(html));
    expect(text).toContain('```\nport: 8080\nhost: 0.0.0.0\n```');
    expect(text).toContain('```\nmake build\nmake install\n```');
    expect(text).not.toMatch(/^1$/m);
  });

  it('reads the body, without its chrome, when Readability finds no article', () => {
    const html = `<html><head><title>Status</title></head><body><nav><a href="/">Home</a> <a href="/help">Help</a></nav><div>All systems operational.</div><footer>Footer text</footer></body></html>`;
    const document = extractHtml(utf8(html));
    expect(document.text).toContain('All systems operational.');
    expect(document.text).not.toMatch(/Home|Help|Footer text/);
    expect(document.sections[0]!.headings).toEqual(['Status']);
  });

  it('reads a fragment without <html> as a page body, and uses its first <h1> as the title', () => {
    const document = extractHtml(utf8('<h1>Release notes</h1><p>Version 3 adds offline mode.</p>'));
    expect(document.metadata.title).toBe('Release notes');
    expect(document.text).toContain('Version 3 adds offline mode.');
  });

  it('decodes the charset of the Content-Type header, else of <meta charset>', () => {
    const page = '<html><head><meta charset="windows-1252"><title>Café</title></head><body><p>“Crème brûlée” – à la carte for 5 €, served every day in the café on the corner.</p></body></html>';
    expect(extractHtml(legacyText(page, 'windows-1252')).text).toContain('“Crème brûlée” – à la carte for 5 €');
    const noMeta = '<html><head><title>Café</title></head><body><p>Crème brûlée à la carte.</p></body></html>';
    expect(extractHtml(legacyText(noMeta, 'iso-8859-1'), { charset: 'ISO-8859-1' }).metadata.title).toBe('Café');
  });

  it('refuses a page with no text as empty', () => {
    expect(() => extractHtml(utf8('<html><head><title></title></head><body><script>x()</script></body></html>'))).toThrow(expect.objectContaining({ failure: 'empty' }));
  });
});
