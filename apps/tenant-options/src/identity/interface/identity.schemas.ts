import { NOT_BLANK } from '@berth/http';
import { adminRoles } from '@berth/auth';
import { collectionSchema, Json } from '@berth/openapi';
import { MAX_TEXT_LENGTH } from '../../text-rules';
import { BUILT_IN_LOGIN_OPTION_ID, GRANT_TYPE, LOGIN_OPTION_ID, LOGIN_OPTION_TYPE, LOGIN_OPTION_URL, SCOPE, SCOPE_LIST } from '../domain/login-option';
import { USER_NAME } from '../domain/new-records';
import { TENANT_DOMAIN, TENANT_STATUSES } from '../domain/tenant-fields';
import { CUSTOM_PROPERTY_NAME, MAX_CUSTOM_PROPERTIES } from '../domain/tenant-update';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_MIX } from '../domain/password-policy';
import { TOTP_CODE } from '@berth/auth';
import { EMAIL, PROFILE_FIELDS } from '../domain/user-profile';
import { MAX_GROUP_NAME_LENGTH } from './groups.controller';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const str = { type: 'string' };
const bool = { type: 'boolean' };
const references = (item: Json) => ({ type: 'object', properties: { self: str, references: { type: 'array', items: item } } });
/** Free text of 1 to MAX_TEXT_LENGTH characters, not only white space. */
const text = { type: 'string', maxLength: MAX_TEXT_LENGTH, pattern: NOT_BLANK };
/** Free text, or `null` to remove the field. */
const optionalText = { ...text, type: ['string', 'null'] };
/** A tenant's custom properties: name to string, number or boolean. */
const customProperties = { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } };
/** A string of 1 to MAX_TEXT_LENGTH characters. */
const nonEmpty = { type: 'string', minLength: 1, maxLength: MAX_TEXT_LENGTH };
const password = {
  type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, pattern: PASSWORD_MIX,
  description: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters of at least two kinds (lower case, upper case, digits, others), not the user name`,
};
const userName = { type: 'string', pattern: USER_NAME.source, description: `1 to ${MAX_TEXT_LENGTH} characters, no white space, \`/\`, \`\\\`, \`+\`, \`$\` or \`:\`` };
/** The profile fields: a string sets one, `null` removes it. */
const profile = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, { type: ['string', 'null'], maxLength: MAX_TEXT_LENGTH, ...(field === 'email' ? { pattern: EMAIL.source } : {}) }]));
/** A reference body: the referenced resource's `id`, or its `self` whose last segment is the id. */
const reference = { type: 'object', anyOf: [{ required: ['id'], properties: { id: { type: 'string', minLength: 1 } } }, { required: ['self'], properties: { self: { type: 'string', pattern: '[^/]$' } } }] };
const url = { type: ['string', 'null'], pattern: LOGIN_OPTION_URL.source, description: 'An http(s) URL; `null` is the same as absent' };
const grantable = { type: 'array', items: { enum: adminRoles(true) }, description: 'Roles the tenant may grant (the management tenant\'s own roles only there)' };

const role = { type: 'object', required: ['id', 'self'], properties: { id: str, name: str, self: str } };
const user = {
  type: 'object', required: ['id', 'self', 'userName'],
  properties: {
    id: str, self: str, userName: str, email: str, firstName: str, lastName: str, phone: str, enabled: bool,
    shouldResetPassword: bool, lastPasswordChange: str, roles: references(ref('roleReference')), groups: references({ type: 'object' }),
    effectiveRoles: { type: 'array', items: ref('role') },
  },
};
const loginOption = {
  type: 'object', required: ['id', 'type', 'self'],
  properties: { id: str, type: str, self: str, grantType: str, buttonName: str, initRequest: str, visibleOnLoginPage: bool, userManagementSource: str, tenantId: str },
};

/** `?grant_type=` (and the form field): PASSWORD or AUTHORIZATION_CODE, in any case. */
export const GRANT_TYPE_SCHEMA: Json = { type: 'string', pattern: GRANT_TYPE.source };

/** A login option's id in `PUT /tenant/loginOptions/{id}`: not one of the built-in ones. */
export const LOGIN_OPTION_ID_SCHEMA: Json = { type: 'string', pattern: LOGIN_OPTION_ID.source, not: { pattern: BUILT_IN_LOGIN_OPTION_ID.source } };

/** Tenants, users, groups, roles and logins in the OpenAPI document, by vendor media type name (see `@ApiRoute`). */
export const IDENTITY_SCHEMAS: Json = {
  role,
  roleReference: { type: 'object', required: ['self', 'role'], properties: { self: str, role: ref('role') } },
  roleCollection: collectionSchema('roles', ref('role')),
  roleRequest: { type: 'object', required: ['role'], properties: { role: reference } },
  user,
  userCollection: collectionSchema('users', ref('user')),
  currentUser: user,
  userRequest: { type: 'object', required: ['userName', 'password'], properties: { userName, password, ...profile, enabled: bool } },
  userUpdateRequest: { type: 'object', properties: { password, ...profile, enabled: bool }, description: 'A `userName` given must be the path\'s; roles and groups are sub-resources' },
  currentUserRequest: {
    type: 'object', properties: { ...profile, password, currentUserPassword: str }, dependentRequired: { password: ['currentUserPassword'] },
    description: 'A `userName` or `enabled` given must be the caller\'s own (sent back as read)',
  },
  userReference: { type: 'object', required: ['self', 'user'], properties: { self: str, user: ref('user') } },
  userReferenceRequest: { type: 'object', required: ['user'], properties: { user: reference } },
  group: {
    type: 'object', required: ['id', 'name', 'self'],
    properties: { id: { type: ['string', 'integer'] }, name: str, self: str, roles: references(ref('roleReference')), users: { type: 'object', properties: { self: str } } },
  },
  groupCollection: collectionSchema('groups', ref('group')),
  groupRequest: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: MAX_GROUP_NAME_LENGTH, pattern: NOT_BLANK } } },
  tenant: {
    type: 'object', required: ['id', 'self'],
    properties: {
      id: str, self: str, domain: str, company: str, status: { enum: [...TENANT_STATUSES] }, adminName: str, adminEmail: str, contactName: str, contactPhone: str,
      parent: { type: 'string', description: 'The tenant that created it (absent for the management tenant)' }, creationTime: str, allowCreateTenants: bool, customProperties,
    },
  },
  tenantCollection: collectionSchema('tenants', ref('tenant')),
  tenantRequest: {
    type: 'object', required: ['domain', 'adminName', 'adminPass'],
    properties: {
      domain: { type: 'string', maxLength: MAX_TEXT_LENGTH, pattern: TENANT_DOMAIN.source, description: 'A DNS name, unique among tenants' },
      adminName: userName, adminPass: password, adminEmail: text, company: text, contactName: text, contactPhone: text,
    },
  },
  tenantUpdateRequest: {
    type: 'object', description: 'A partial update. `id`, `parent`, `adminName`, `creationTime` and `allowCreateTenants` given must be as answered; `self` is ignored; `adminPass` is refused (the admin is a user)',
    properties: {
      domain: { type: 'string', maxLength: MAX_TEXT_LENGTH, pattern: TENANT_DOMAIN.source, description: 'A DNS name, unique among tenants' },
      company: text, status: { enum: [...TENANT_STATUSES], description: 'SUSPENDED keeps every user of the tenant out; the management tenant cannot be suspended' },
      adminEmail: optionalText, contactName: optionalText, contactPhone: optionalText,
      customProperties: {
        type: 'object', maxProperties: MAX_CUSTOM_PROPERTIES, propertyNames: { pattern: CUSTOM_PROPERTY_NAME.source },
        additionalProperties: { type: ['string', 'number', 'boolean', 'null'], maxLength: MAX_TEXT_LENGTH }, description: 'Merged key by key into the tenant\'s; `null` removes a key',
      },
    },
  },
  currentTenant: {
    type: 'object', required: ['id', 'name', 'self'],
    properties: { id: str, name: str, domainName: str, companyName: str, self: str, allowCreateTenants: bool, customProperties },
  },
  loginOption,
  loginOptionCollection: { type: 'object', required: ['loginOptions'], properties: { self: str, loginOptions: { type: 'array', items: loginOption } } },
  loginOptionRequest: {
    type: 'object', required: ['clientId'], description: 'An OAuth2 login option: `issuer` (OpenID discovery), or all three endpoints',
    anyOf: [
      { required: ['issuer'], properties: { issuer: str } },
      { required: ['authorizationEndpoint', 'tokenEndpoint', 'jwksUri'], properties: { authorizationEndpoint: str, tokenEndpoint: str, jwksUri: str } },
    ],
    properties: {
      type: { type: 'string', pattern: LOGIN_OPTION_TYPE.source }, issuer: url, authorizationEndpoint: url, tokenEndpoint: url, jwksUri: url, redirectToPlatform: url,
      clientId: nonEmpty, clientSecret: { type: ['string', 'null'], minLength: 1, description: '`null` removes it, absent keeps it' },
      buttonName: { ...nonEmpty, type: ['string', 'null'] }, userNameClaim: { ...nonEmpty, type: ['string', 'null'] }, rolesClaim: { ...nonEmpty, type: ['string', 'null'] },
      scopes: { anyOf: [{ type: 'string', pattern: SCOPE_LIST.source }, { type: 'array', items: { type: 'string', pattern: SCOPE.source } }] },
      roleMapping: { type: ['object', 'null'], additionalProperties: grantable }, defaultRoles: grantable, pkce: bool, visibleOnLoginPage: bool,
    },
  },
  loginForm: {
    type: 'object', required: ['grant_type'],
    properties: { grant_type: GRANT_TYPE_SCHEMA, username: str, password: str, tfa_code: str, tfa_token: str, code: str, state: str },
  },
  accessToken: { type: 'object', required: ['access_token'], properties: { access_token: str, tfa_token: str } },
  totpSecret: { type: 'object', required: ['rawSecret', 'secretQrUrl'], properties: { rawSecret: str, secretQrUrl: str } },
  totpCode: { type: 'object', required: ['code'], properties: { code: { type: 'string', pattern: TOTP_CODE.source } } },
  totpActivity: { type: 'object', required: ['isActive'], properties: { isActive: bool } },
};
