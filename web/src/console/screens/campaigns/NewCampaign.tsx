import { Link } from 'react-router-dom';
import { useFocusOnMount } from '../../layout/use-focus-on-mount';
import { useOwner } from '../../session/use-owner';
import { CampaignEditor } from './CampaignEditor';

/** /admin/campaigns/new: a campaign written from scratch, stored as a draft on its first save. */
export function NewCampaign() {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <>
      <p className="console-back">
        <Link to=".." relative="path">
          ← All campaigns
        </Link>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        New campaign
      </h1>
      <CampaignEditor owner={useOwner()} />
    </>
  );
}
