import { collectionSchema, Json } from '@berth/openapi';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const str = { type: 'string' };
const bool = { type: 'boolean' };
const references = (item: Json) => ({ type: 'object', properties: { self: str, references: { type: 'array', items: item } } });

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

/** Tenants, users, groups, roles and logins in the OpenAPI document, by vendor media type name (see `@ApiRoute`). */
export const IDENTITY_SCHEMAS: Json = {
  role,
  roleReference: { type: 'object', required: ['self', 'role'], properties: { self: str, role: ref('role') } },
  roleCollection: collectionSchema('roles', ref('role')),
  roleRequest: { type: 'object', required: ['role'], properties: { role: { type: 'object', properties: { id: str, self: str } } } },
  user,
  userCollection: collectionSchema('users', ref('user')),
  currentUser: user,
  userRequest: { type: 'object', properties: { userName: str, password: str, email: str, firstName: str, lastName: str, phone: str, enabled: bool } },
  userReference: { type: 'object', required: ['self', 'user'], properties: { self: str, user: ref('user') } },
  userReferenceRequest: { type: 'object', required: ['user'], properties: { user: { type: 'object', properties: { id: str, self: str } } } },
  group: {
    type: 'object', required: ['id', 'name', 'self'],
    properties: { id: { type: ['string', 'integer'] }, name: str, self: str, roles: references(ref('roleReference')), users: { type: 'object', properties: { self: str } } },
  },
  groupCollection: collectionSchema('groups', ref('group')),
  groupRequest: { type: 'object', required: ['name'], properties: { name: str, description: str } },
  tenant: {
    type: 'object', required: ['id', 'self'],
    properties: { id: str, self: str, domain: str, company: str, status: str, creationTime: str, allowCreateTenants: bool, customProperties: { type: 'object' } },
  },
  tenantCollection: collectionSchema('tenants', ref('tenant')),
  tenantRequest: { type: 'object', required: ['company', 'domain'], properties: { id: str, company: str, domain: str, adminName: str, adminPass: str, adminEmail: str } },
  currentTenant: {
    type: 'object', required: ['id', 'name', 'self'],
    properties: { id: str, name: str, domainName: str, companyName: str, self: str, allowCreateTenants: bool, customProperties: { type: 'object' } },
  },
  loginOption,
  loginOptionCollection: { type: 'object', required: ['loginOptions'], properties: { self: str, loginOptions: { type: 'array', items: loginOption } } },
  loginOptionRequest: { type: 'object', description: 'An OAuth2 login option: provider endpoints, client id and secret, button name, visibility', properties: { type: str, buttonName: str, clientId: str, clientSecret: str, visibleOnLoginPage: bool } },
  loginForm: { type: 'object', properties: { grant_type: str, username: str, password: str, tfa_code: str, tfa_token: str, code: str, state: str } },
  accessToken: { type: 'object', required: ['access_token'], properties: { access_token: str, tfa_token: str } },
  totpSecret: { type: 'object', required: ['rawSecret', 'secretQrUrl'], properties: { rawSecret: str, secretQrUrl: str } },
  totpCode: { type: 'object', required: ['code'], properties: { code: str } },
  totpActivity: { type: 'object', required: ['isActive'], properties: { isActive: bool } },
};
