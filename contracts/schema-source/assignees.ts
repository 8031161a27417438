// The assignee contracts (spec/assignees.md). The spec lists each resource's fields without a
// "required" column; the members a server can always supply are required (one rule per
// resource), the others may be absent or null. No enum: allowed values are not shown.

import { SCHEMA_IDS as S } from '../schema-ids.js';
import {
  ASSIGNEES_FIELDS as AF,
  ISSUE_MEMBERS,
  LABEL_MEMBERS,
  MILESTONE_MEMBERS,
  PULL_REQUEST_LINKS,
  USER_MEMBERS,
  memberField,
} from '../rules/assignees.js';
import { constrain, field, nullOr, object, ref, requireMembers, type Schema } from './build.js';

type Member = (typeof USER_MEMBERS)[number];

function resource(
  prefix: string,
  label: string,
  members: readonly Member[],
  extra: Record<string, Schema>,
  extraRequired: string[],
): Schema {
  const s = constrain({}, 'type', 'object', `${prefix}.type`);
  s.properties = {
    ...Object.fromEntries(members.map((m) => [m.name, field(memberField(prefix, label, m))])),
    ...extra,
  };
  const required = [...members.filter((m) => m.required).map((m) => m.name), ...extraRequired];
  return requireMembers(s, Object.fromEntries(required.map((name) => [name, `${prefix}.members`])));
}

const issueProperties = (): Record<string, Schema> => {
  const props: Record<string, Schema> = {
    user: ref(S.user),
    closed_by: nullOr(ref(S.user)),
    milestone: nullOr(ref(S.milestone)),
    pinned_comment: {},
  };
  return props;
};

function issue(): Schema {
  const s = resource('assignees.issue', 'Issue', ISSUE_MEMBERS, issueProperties(), ['user']);
  const props = s.properties as Record<string, Schema>;
  props.labels = { ...props.labels, items: ref(S.label) };
  props.assignees = { ...props.assignees, items: ref(S.user) };
  // The four links are named but given no type: present, of any value.
  props.pull_request = requireMembers(
    { ...props.pull_request },
    Object.fromEntries(PULL_REQUEST_LINKS.map((name) => [name, 'assignees.issue.pull_request.members'])),
  );
  return s;
}

const perPage = constrain(field(AF.listQuery[0]), 'maximum', 100, 'assignees.list.per-page-max-100');

export const ASSIGNEES_SCHEMAS: Record<string, Schema> = {
  [S.user]: resource('assignees.user', 'User', USER_MEMBERS, {}, []),
  [S.issue]: issue(),
  [S.label]: resource('assignees.label', 'Label', LABEL_MEMBERS, {}, []),
  [S.milestone]: resource('assignees.milestone', 'Milestone', MILESTONE_MEMBERS, { creator: nullOr(ref(S.user)) }, []),
  [S.listAssigneesQuery]: object(AF.query, { per_page: perPage, page: field(AF.listQuery[1]) }),
  [S.listAssigneesResponse]: { ...field(AF.listResponse), items: ref(S.user) },
  [S.addAssigneesRequest]: object(AF.addBody, {
    assignees: constrain(field(AF.addAssignees), 'maxItems', 10, 'assignees.add.max-10'),
  }),
  [S.addAssigneesResponse]: ref(S.issue),
  [S.removeAssigneesRequest]: object(AF.removeBody, { assignees: field(AF.removeAssignees) }),
  [S.removeAssigneesResponse]: ref(S.issue),
};
