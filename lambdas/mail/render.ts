/** A plain email layout: paragraphs, then labelled links, then a small footer of links. */
import { escapeHtml } from '#shared/escape-html.ts';

export interface MailLayout {
  paragraphs: string[];
  links?: { label: string; url: string }[];
  footer?: { label: string; url: string }[];
}

const htmlParagraph = (text: string) => `<p>${escapeHtml(text).replace(/\r\n|\r|\n/g, '<br>')}</p>`;
const htmlLink = ({ label, url }: { label: string; url: string }) =>
  `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;

/** The same content as text (what many clients and filters read) and as simple HTML. */
export const renderMail = (layout: MailLayout): { text: string; html: string } => {
  const links = layout.links ?? [];
  const footer = layout.footer ?? [];
  const text = [
    ...layout.paragraphs,
    ...links.map((link) => `${link.label}: ${link.url}`),
    ...(footer.length > 0 ? ['--', ...footer.map((link) => `${link.label}: ${link.url}`)] : []),
  ].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1a1a1a">',
    ...layout.paragraphs.map(htmlParagraph),
    ...links.map((link) => `<p>${htmlLink(link)}</p>`),
    ...(footer.length > 0 ? [`<hr><p style="font-size:12px;color:#555">${footer.map(htmlLink).join(' | ')}</p>`] : []),
    '</body></html>',
  ].join('\n');
  return { text, html };
};
