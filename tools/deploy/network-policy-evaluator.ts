// Decides whether NetworkPolicies let one endpoint reach another, following the rules of the
// Kubernetes NetworkPolicy API: a pod selected by a policy of a direction is isolated in that
// direction and takes only what some rule of those policies allows; traffic flows when the
// source's egress and the destination's ingress both allow it.

/** A pod (namespace and labels) or an address outside the cluster (no namespace). */
export interface Endpoint { name: string; ip: string; namespace?: string; labels?: Record<string, string> }

type Labels = Record<string, string>;
interface Expression { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }
interface Selector { matchLabels?: Labels; matchExpressions?: Expression[] }
interface Peer { podSelector?: Selector; namespaceSelector?: Selector; ipBlock?: { cidr: string; except?: string[] } }
interface PolicyPort { port?: number | string; endPort?: number; protocol?: string }
interface Rule { from?: Peer[]; to?: Peer[]; ports?: PolicyPort[] }
export interface NetworkPolicyObject {
  metadata: { name: string; namespace: string };
  spec: { podSelector: Selector; policyTypes?: Array<'Ingress' | 'Egress'>; ingress?: Rule[]; egress?: Rule[] };
}

export function selectorMatches(selector: Selector, labels: Labels): boolean {
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  return byLabel && (selector.matchExpressions ?? []).every((e) => {
    switch (e.operator) {
      case 'In': return e.key in labels && (e.values ?? []).includes(labels[e.key]);
      case 'NotIn': return !(e.key in labels) || !(e.values ?? []).includes(labels[e.key]);
      case 'Exists': return e.key in labels;
      case 'DoesNotExist': return !(e.key in labels);
    }
    throw new Error(`unknown selector operator ${String(e.operator)}`);
  });
}

const ipv4 = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);

/** Whether an IPv4 address is in an IPv4 CIDR; an IPv6 CIDR holds no IPv4 address. */
export function inCidr(ip: string, cidr: string): boolean {
  if (cidr.includes(':')) return false;
  const [base, bits] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  return Math.floor(ipv4(ip) / size) === Math.floor(ipv4(base) / size);
}

export class NetworkPolicyEvaluator {
  /**
   * @param namespaceLabels the labels of each namespace; `kubernetes.io/metadata.name` is added as the API server does.
   * ipBlocks are applied to pod addresses too, as some network plugins do: the stricter reading for what must be denied.
   */
  constructor(private readonly policies: NetworkPolicyObject[], private readonly namespaceLabels: Record<string, Labels>) {}

  /** Whether `from` may open a connection to `to` on `port`. */
  allows(from: Endpoint, to: Endpoint, port: number, protocol = 'TCP'): boolean {
    return this.permits('Egress', from, to, port, protocol) && this.permits('Ingress', to, from, port, protocol);
  }

  /** Whether the policies of `pod` in `direction` let it talk to `peer`. */
  private permits(direction: 'Ingress' | 'Egress', pod: Endpoint, peer: Endpoint, port: number, protocol: string): boolean {
    if (pod.namespace === undefined) return true;
    const selecting = this.policies.filter((p) => p.metadata.namespace === pod.namespace
      && this.types(p).includes(direction) && selectorMatches(p.spec.podSelector, pod.labels ?? {}));
    if (!selecting.length) return true;
    return selecting.some((p) => ((direction === 'Ingress' ? p.spec.ingress : p.spec.egress) ?? []).some((rule) => {
      const peers = direction === 'Ingress' ? rule.from : rule.to;
      return this.portMatches(rule.ports, port, protocol)
        && (!peers?.length || peers.some((x) => this.peerMatches(x, p.metadata.namespace, peer)));
    }));
  }

  private types(p: NetworkPolicyObject): Array<'Ingress' | 'Egress'> {
    return p.spec.policyTypes ?? (p.spec.egress ? ['Ingress', 'Egress'] : ['Ingress']);
  }

  private portMatches(ports: PolicyPort[] | undefined, port: number, protocol: string): boolean {
    if (!ports?.length) return true;
    return ports.some((p) => {
      if ((p.protocol ?? 'TCP') !== protocol) return false;
      if (p.port === undefined) return true;
      if (typeof p.port !== 'number') throw new Error(`named port ${p.port}: give policies port numbers`);
      return p.endPort ? port >= p.port && port <= p.endPort : port === p.port;
    });
  }

  private peerMatches(peer: Peer, policyNamespace: string, e: Endpoint): boolean {
    if (peer.ipBlock) {
      return inCidr(e.ip, peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some((c) => inCidr(e.ip, c));
    }
    if (e.namespace === undefined) return false;
    const namespaceOk = peer.namespaceSelector
      ? selectorMatches(peer.namespaceSelector, { ...this.namespaceLabels[e.namespace], 'kubernetes.io/metadata.name': e.namespace })
      : e.namespace === policyNamespace;
    return namespaceOk && (!peer.podSelector || selectorMatches(peer.podSelector, e.labels ?? {}));
  }
}
