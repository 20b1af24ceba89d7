/**
 * The co-founders shown on /about (docs/spec/site-spec.md#2-screens-and-routes): "Our Team" with a
 * certifications list per person and three bio cards (illustrated portrait, name, pronouns, role).
 *
 * These three people are FICTIONAL placeholders written for the launch build. The owners
 * replace them with the firm's real co-founders (names, pronouns, roles, certifications,
 * bios and portraits) before going live; keep ASSESSMENT_NOTICES in step with the tools named.
 */

export interface TeamMember {
  name: string;
  pronouns: string;
  role: string;
  certifications: string[];
  bio: string;
  portrait: { src: string; width: number; height: number; alt: string };
}

export const TEAM: TeamMember[] = [
  {
    name: 'Maren Holt',
    pronouns: 'she/her',
    role: 'Co-founder & Principal Consultant',
    certifications: ['Kolbe Certified™ Consultant', 'Certified in DISC assessment', 'EQ-i 2.0® certified practitioner'],
    bio:
      'Maren spent fifteen years leading operations teams in Alberta’s energy and construction ' +
      'sectors before turning her attention to why good hires go wrong. She helps owners and ' +
      'managers define what success in a role actually looks like, then write it down as ' +
      'observable actions a candidate can understand. Employers come to her when turnover is ' +
      'costing them; they stay because hiring finally feels clear. Outside work, she coaches ' +
      'youth soccer in Calgary.',
    portrait: {
      src: '/images/team/maren-holt.svg',
      width: 320,
      height: 320,
      alt: 'Illustrated portrait of Maren Holt, smiling, with shoulder-length auburn hair and a teal blazer.',
    },
  },
  {
    name: 'Priya Lachance',
    pronouns: 'she/her',
    role: 'Co-founder, Candidate Coaching',
    certifications: [
      'Kolbe Certified™ Consultant',
      'Certified in DISC assessment',
      'Strong Interest Inventory® certified practitioner',
    ],
    bio:
      'Priya works with candidates who want work that fits how they think and what they care ' +
      'about. A former recruiter, she knows what happens on the other side of the desk, and she ' +
      'uses assessments to help people name their strengths with confidence. She has a special ' +
      'focus on women returning to work after caregiving, illness or a career change, building ' +
      'practical plans that respect real lives. Priya speaks English, French and Hindi.',
    portrait: {
      src: '/images/team/priya-lachance.svg',
      width: 320,
      height: 320,
      alt: 'Illustrated portrait of Priya Lachance, smiling, with long dark hair and an amber top.',
    },
  },
  {
    name: 'Tomas Ridley',
    pronouns: 'he/him',
    role: 'Co-founder, Leadership & Succession',
    certifications: ['Kolbe Certified™ Consultant', 'EQ-i 2.0® certified practitioner', 'Certified in DISC assessment'],
    bio:
      'Tomas helps family businesses and leadership teams prepare for what comes next. After ' +
      'two decades in finance and as a small-business owner himself, he knows succession is ' +
      'less about paperwork than about people: who holds the knowledge, how decisions get made ' +
      'and where friction slows a team down. He combines team assessments with plain-spoken ' +
      'facilitation so owners can step back without the business stepping backward.',
    portrait: {
      src: '/images/team/tomas-ridley.svg',
      width: 320,
      height: 320,
      alt: 'Illustrated portrait of Tomas Ridley, smiling, with short grey hair, a trimmed beard and glasses.',
    },
  },
];

/**
 * Third-party notices printed under the process on /about
 * (docs/spec/site-spec.md#2-screens-and-routes: "copyright notices"). One per assessment provider
 * named in TEAM's certifications.
 */
export const ASSESSMENT_NOTICES: string[] = [
  'Kolbe A™ Index, Kolbe Certified™ and related marks are trademarks of Kolbe Corp. Used with permission.',
  'DISC assessments referenced on this site are published by their respective owners; all related trademarks belong to those owners.',
  'EQ-i 2.0® is a registered trademark of Multi-Health Systems Inc. (MHS). Used with permission.',
  'Strong Interest Inventory® is a registered trademark of The Myers-Briggs Company. Named for identification only.',
  'Chinook Talent Partners is an independent consultancy and is not affiliated with or endorsed by the owners of these assessments.',
];
