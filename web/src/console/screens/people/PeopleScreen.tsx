import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { personEmailOf, personLink } from './person-location';
import { EvidencePrintPage } from './EvidencePrintPage';
import { PersonPage } from './PersonPage';
import { PersonSearch } from './PersonSearch';

/**
 * The People screen (issue 19 §4): find a person by address, then their whole record. The
 * address is in the history entry's state, never the URL (person-location.ts); `evidence` is the
 * printable evidence pack of the same person.
 */
export default function PeopleScreen() {
  return (
    <Routes>
      <Route index element={<PeopleHome />} />
      <Route path="evidence" element={<EvidencePrintPage />} />
    </Routes>
  );
}

function PeopleHome() {
  const navigate = useNavigate();
  const email = personEmailOf(useLocation().state);
  return (
    <>
      <h1>People</h1>
      <p className="console-lede">
        Everything the firm holds about one email address: what they sent, their consent and every email to them. Open a
        person to prove their consent, unsubscribe them or erase them on request.
      </p>
      <PersonSearch
        current={email}
        onFind={(found) => {
          const { to, state } = personLink(found);
          void navigate(to, { state });
        }}
      />
      {email && <PersonPage key={email} email={email} />}
    </>
  );
}
