import type Docker from 'dockerode';
import type { InstanceRequest } from '../../application/ports/runtime-driver';
import { desiredDeployments } from '../../domain/deployment';
import { createOptions, observedInstance } from './docker-container';

const [spec] = desiredDeployments({
  _id: 'app1', name: 'hello', ownerTenant: 'management', version: '1.0.0', binaryId: 'b1', deleted: false, infoVersion: 1, binaryVersion: 1,
  manifest: { livenessProbe: { tcpSocket: { port: 8081 } } },
}, ['t1']);
const request: InstanceRequest = {
  spec, slot: 0, image: 'localhost/berth-binary:b1', name: 'berth-hello-0', env: { SERVER_PORT: '80' }, ports: [8081, 80], memoryBytes: 256 * 1024 * 1024, nanoCpus: 5e8,
};
const placement = { prefix: 'berth', ulimits: [{ Name: 'nofile', Soft: 8192, Hard: 8192 }] };

/** A container as the engine lists it (Podman's shape: ports not published are not listed). */
const listed = (extra: Partial<Docker.ContainerInfo>): Docker.ContainerInfo => ({
  Id: 'c1', Names: ['/berth-hello-0'], Image: request.image, ImageID: 'sha256:x', Command: '/hello', Created: 0, State: 'running', Status: 'Up',
  Labels: createOptions(request, placement).Labels!, Ports: [], HostConfig: { NetworkMode: 'default' }, Mounts: [],
  NetworkSettings: { Networks: {} }, ...extra,
} as Docker.ContainerInfo);

describe('Docker containers without a network (the local stack)', () => {
  it('publishes port 80 and the probe ports on the host\'s loopback, each once, on ports the engine picks', () => {
    const options = createOptions(request, placement);
    expect(options.HostConfig?.NetworkMode).toBeUndefined();
    expect(options.HostConfig?.PortBindings).toEqual({
      '80/tcp': [{ HostIp: '127.0.0.1', HostPort: '' }], '8081/tcp': [{ HostIp: '127.0.0.1', HostPort: '' }],
    });
    expect(options.HostConfig).toMatchObject({ Memory: request.memoryBytes, NanoCpus: request.nanoCpus, Ulimits: placement.ulimits });
  });

  it('reaches an instance on its published ports, at no address of its own', () => {
    const i = observedInstance(listed({ Ports: [{ IP: '127.0.0.1', PrivatePort: 80, PublicPort: 40123, Type: 'tcp' }] }));
    expect(i).toMatchObject({ id: 'c1', name: 'berth-hello-0', deploymentId: spec._id, revision: spec.revision, slot: 0, running: true, ports: { 80: 40123 } });
    expect(i.host).toBeUndefined();
  });
});

describe('Docker containers on a network (compose)', () => {
  const network = 'berth';

  it('joins the network and publishes nothing', () => {
    const options = createOptions(request, { ...placement, network });
    expect(options.HostConfig?.NetworkMode).toBe(network);
    expect(options.HostConfig?.PortBindings).toBeUndefined();
    expect(Object.keys(options.ExposedPorts ?? {}).sort()).toEqual(['80/tcp', '8081/tcp']);
    expect(options.HostConfig).toMatchObject({ Memory: request.memoryBytes, NanoCpus: request.nanoCpus, Ulimits: placement.ulimits });
  });

  it('reaches an instance at its address on the network, on its own ports', () => {
    const i = observedInstance(listed({ NetworkSettings: { Networks: { [network]: { IPAddress: '10.89.0.7' } as Docker.NetworkInfo } } }), network);
    expect(i).toMatchObject({ host: '10.89.0.7', ports: { 80: 80, 8081: 8081 } });
  });

  it('has no endpoint while the engine reports no address on that network', () => {
    const stopped = observedInstance(listed({ State: 'exited' }), network);
    expect(stopped).toMatchObject({ running: false, ports: {} });
    expect(stopped.host).toBeUndefined();
    const elsewhere = observedInstance(listed({ NetworkSettings: { Networks: { other: { IPAddress: '10.1.0.2' } as Docker.NetworkInfo } } }), network);
    expect(elsewhere.ports).toEqual({});
  });
});
