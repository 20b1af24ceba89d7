import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '#shared/escape-html.ts';
import { campaignMail } from '#lambdas/campaigns/campaign-mail.ts';
import type { CampaignContent } from '#lambdas/data/campaign-item.ts';
import { sampleRecipient } from '#lambdas/campaigns/test-copy.ts';

/**
 * One page with both parts side by side, as a subscriber's email would show them (HTML in a
 * sandboxed frame, the text part as text), written under `dir`; returns its path.
 */
export const writePreview = (campaign: CampaignContent, siteUrl: string, dir: string): string => {
  const mail = campaignMail(campaign, sampleRecipient(campaign, 'subscriber@example.ca'), siteUrl);
  const headers = Object.entries({ Subject: mail.subject, ...mail.headers })
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preview: ${escapeHtml(mail.subject)}</title></head>
<body style="font-family:system-ui,sans-serif;margin:16px">
<h1 style="font-size:18px">Preview of campaign ${escapeHtml(campaign.slug)} (${campaign.topic}, ${campaign.audience})</h1>
<pre style="background:#eee;padding:8px">${escapeHtml(headers)}</pre>
<div style="display:flex;gap:16px;flex-wrap:wrap">
<section style="flex:1 1 480px"><h2 style="font-size:16px">HTML part</h2><iframe sandbox title="HTML part" style="width:100%;height:80vh;border:1px solid #ccc" srcdoc="${escapeHtml(mail.html)}"></iframe></section>
<section style="flex:1 1 380px"><h2 style="font-size:16px">Text part</h2><pre style="white-space:pre-wrap;border:1px solid #ccc;padding:8px">${escapeHtml(mail.text)}</pre></section>
</div></body></html>`;
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${campaign.slug}.html`);
  writeFileSync(file, page);
  return file;
};
