/** The tags a rich-text body keeps in a view; everything else is unwrapped to its text (scripts and styles dropped whole). */
const TAGS = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'span', 'font', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'hr', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'td', 'th', 'caption', 'sub', 'sup']);
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base', 'svg', 'math']);
const ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target'], img: ['src', 'alt', 'title', 'width', 'height'], font: ['color'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'],
};
const SAFE_URL = /^(https?:|mailto:|\/(?!\/)|#)/i;
const SAFE_IMAGE = /^(https?:|\/(?!\/)|data:image\/(png|jpeg|gif|webp);)/i;

/**
 * A rich-text body as markup safe to show: only known tags and attributes, links and pictures only
 * to http(s), mailto or the site itself, no event attributes or styles. The server sanitises on save;
 * a view does not rely on that.
 */
export function safeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const clean = (node: Element) => {
    for (const child of [...node.children]) {
      const tag = child.tagName.toLowerCase();
      if (DROPPED.has(tag)) {
        child.remove();
        continue;
      }
      clean(child);
      if (!TAGS.has(tag)) {
        child.replaceWith(...child.childNodes);
        continue;
      }
      const allowed = ATTRIBUTES[tag] ?? [];
      for (const attr of [...child.attributes]) {
        const name = attr.name.toLowerCase();
        const value = attr.value.trim();
        const keep = allowed.includes(name)
          && !(name === 'href' && !SAFE_URL.test(value))
          && !(name === 'src' && !SAFE_IMAGE.test(value));
        if (!keep) child.removeAttribute(attr.name);
      }
      if (tag === 'a') child.setAttribute('rel', 'noopener noreferrer');
    }
  };
  clean(doc.body);
  return doc.body.innerHTML;
}
