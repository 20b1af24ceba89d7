import { Route, Routes } from 'react-router-dom';
import { LeadPage } from './LeadPage';
import { LeadsInbox } from './LeadsInbox';

/** The Leads screen (issue 19 §3): the inbox at /admin/leads, a lead's page at /admin/leads/<id>. */
export default function LeadsScreen() {
  return (
    <Routes>
      <Route index element={<LeadsInbox />} />
      <Route path=":id" element={<LeadPage />} />
    </Routes>
  );
}
