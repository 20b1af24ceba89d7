import { Route, Routes } from 'react-router-dom';
import { CampaignList } from './CampaignList';
import { CampaignPage } from './CampaignPage';
import { NewCampaign } from './NewCampaign';

/**
 * The Campaigns screen (issue 20): the list at /admin/campaigns, a new campaign at
 * /admin/campaigns/new, a stored one at /admin/campaigns/<slug>. Sending to the list is not here.
 */
export default function CampaignsScreen() {
  return (
    <Routes>
      <Route index element={<CampaignList />} />
      <Route path="new" element={<NewCampaign />} />
      <Route path=":slug" element={<CampaignPage />} />
    </Routes>
  );
}
