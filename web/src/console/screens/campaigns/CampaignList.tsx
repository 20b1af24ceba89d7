import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { CampaignSummary } from '#shared/console/campaigns.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { errorText } from '#web/src/lib/api-client.ts';
import { useFocusOnMount } from '../../layout/use-focus-on-mount';
import { topicText } from '../../kit/subscriber-words';
import { isoTime, whenText } from '../../kit/when';
import { campaignAudienceText } from './campaign-words';
import { CampaignFiles } from './CampaignFiles';
import { campaignList } from './campaigns-api';

/** /admin/campaigns: every campaign, drafts and sent, newest first; a new one; the site's files. */
export function CampaignList() {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const [campaigns, setCampaigns] = useState<CampaignSummary[]>();
  const [error, setError] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    campaignList(controller.signal).then(
      ({ items }) => setCampaigns(items),
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(errorText(failure));
      },
    );
    return () => controller.abort();
  }, []);

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Campaigns
      </h1>
      <p className="console-lede">
        Emails to the subscribers: write one, preview it, check it, send yourself a test copy.
      </p>
      {notice && <FormMessage kind="success" text={notice} />}
      <p>
        <Link to="new" className="button button--primary">
          New campaign
        </Link>
      </p>
      {!campaigns && !error && <p role="status">Loading the campaigns…</p>}
      {error && <FormMessage kind="error" text={error} />}
      {campaigns?.length === 0 && (
        <p className="console-empty">No campaigns yet. Write a new one, or import one below.</p>
      )}
      {campaigns && campaigns.length > 0 && (
        <table className="console-table">
          <caption className="visually-hidden">Campaigns, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Subject</th>
              <th scope="col">State</th>
              <th scope="col">Topic and audience</th>
              <th scope="col">Last saved</th>
            </tr>
          </thead>
          <tbody>
            {campaigns.map((campaign) => (
              <tr key={campaign.slug}>
                <td data-label="Subject" className="console-table__wrap">
                  <Link to={campaign.slug}>{campaign.subject}</Link>
                  <br />
                  <span className="console-small">{campaign.slug}</span>
                </td>
                <td data-label="State">
                  <span className={`console-state${campaign.state === 'sent' ? ' console-state--sent' : ''}`}>
                    {campaign.state === 'sent' ? 'Sent' : 'Draft'}
                  </span>
                </td>
                <td data-label="Topic and audience">
                  {topicText(campaign.topic)}, {campaignAudienceText(campaign.audience)}
                </td>
                <td data-label="Last saved" className="console-table__wrap">
                  <time dateTime={isoTime(campaign.updatedAt)}>{whenText(campaign.updatedAt)}</time> by{' '}
                  {campaign.updatedBy}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <CampaignFiles />
    </>
  );
}
