import { ABOUT_COPY } from '#web/content/pages/about.ts';
import { PROCESS_STEPS } from '#web/content/pages/process.ts';
import { ASSESSMENT_NOTICES, TEAM } from '#web/content/team.ts';
import { ProcessSteps } from '../../components/ProcessSteps';
import { ContactMenu } from './ContactMenu';
import { TeamMemberCard } from './TeamMemberCard';

/**
 * Left: who we are, how we work, how to reach us, notices. Right: the team
 * (docs/spec/site-spec.md#2-screens-and-routes).
 */
export default function AboutPage() {
  return (
    <div className="container page-section about-layout">
      <div className="about-layout__main">
        <h1>{ABOUT_COPY.title}</h1>
        {ABOUT_COPY.mission.map((paragraph) => (
          <p key={paragraph} className="about-layout__mission">
            {paragraph}
          </p>
        ))}
        <h2>{ABOUT_COPY.processTitle}</h2>
        <ProcessSteps steps={PROCESS_STEPS} />
        <ContactMenu />
        <section className="notices" aria-labelledby="assessment-notices">
          <h2 id="assessment-notices" className="notices__title">
            {ABOUT_COPY.noticesTitle}
          </h2>
          {ASSESSMENT_NOTICES.map((notice) => (
            <p key={notice}>{notice}</p>
          ))}
        </section>
      </div>
      <section className="about-layout__team" aria-labelledby="our-team">
        <h2 id="our-team">{ABOUT_COPY.team.title}</h2>
        <p>{ABOUT_COPY.team.intro}</p>
        <div className="team-list">
          {TEAM.map((member) => (
            <TeamMemberCard key={member.name} member={member} />
          ))}
        </div>
      </section>
    </div>
  );
}
