import type { TeamMember } from '#web/content/team.ts';
import { ABOUT_COPY } from '#web/content/pages/about.ts';

/** One co-founder: portrait, name, pronouns and role, then their bio and certifications. */
export function TeamMemberCard({ member }: { member: TeamMember }) {
  const { portrait } = member;
  return (
    <article className="team-card">
      <div className="team-card__header">
        <img
          className="team-card__portrait"
          src={portrait.src}
          width={portrait.width}
          height={portrait.height}
          alt={portrait.alt}
          loading="lazy"
        />
        <div>
          <h3 className="team-card__name">{member.name}</h3>
          <p className="team-card__pronouns">{member.pronouns}</p>
          <p className="team-card__role">{member.role}</p>
        </div>
      </div>
      <p>{member.bio}</p>
      <h4 className="team-card__subheading">{ABOUT_COPY.team.certificationsLabel}</h4>
      <ul className="team-card__certifications">
        {member.certifications.map((certification) => (
          <li key={certification}>{certification}</li>
        ))}
      </ul>
    </article>
  );
}
