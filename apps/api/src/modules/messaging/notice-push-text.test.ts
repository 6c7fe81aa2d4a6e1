import { describe, expect, it } from 'vitest';
import { plainTextHtml, pushMail } from './notice-push-text.js';

describe('plain text as e-mail HTML', () => {
  it('makes each absolute address a link and keeps the sentence around it as escaped text', () => {
    expect(plainTextHtml('门票：https://alumni.example.edu.cn/portal/ticket/7?tenant=000000&x=1。\n<b>“见”</b>'))
      .toBe('门票：<a href="https://alumni.example.edu.cn/portal/ticket/7?tenant=000000&amp;x=1">https://alumni.example.edu.cn/portal/ticket/7?tenant=000000&amp;x=1</a>。<br>&lt;b&gt;“见”&lt;/b&gt;');
    expect(plainTextHtml('See "https://a.cn/x", then (https://b.cn/y).'))
      .toBe('See &quot;<a href="https://a.cn/x">https://a.cn/x</a>&quot;, then (<a href="https://b.cn/y">https://b.cn/y</a>).');
    expect(plainTextHtml('no address here: javascript:alert(1) <a>')).toBe('no address here: javascript:alert(1) &lt;a&gt;');
  });

  it('sends a plain-text push address through the click-through address, counted as a click', () => {
    const mail = pushMail({ subject: 's', content: '${name}：https://alumni.example.edu.cn/portal/ticket/7', html: false }, { name: '张三' }, {
      unsubscribeUrl: 'https://alumni.example.edu.cn/u', pixelUrl: 'https://alumni.example.edu.cn/p',
      clickUrl: (to) => (to.startsWith('https://alumni.example.edu.cn/portal') ? `https://alumni.example.edu.cn/c?to=${encodeURIComponent(to)}` : null),
    });
    expect(mail.html).toContain('张三：<a href="https://alumni.example.edu.cn/c?to=https%3A%2F%2Falumni.example.edu.cn%2Fportal%2Fticket%2F7">https://alumni.example.edu.cn/portal/ticket/7</a>');
    expect(mail.text).toContain('张三：https://alumni.example.edu.cn/portal/ticket/7');
  });
});
