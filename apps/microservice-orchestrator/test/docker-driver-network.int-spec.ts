import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type Docker from 'dockerode';
import { engine, helloImage } from '@berth/testing';
import type { InstanceRequest } from '../src/hosting/application/ports/runtime-driver';
import { desiredDeployments } from '../src/hosting/domain/deployment';
import { DockerDriver } from '../src/hosting/infrastructure/docker/docker-driver';

const ULIMITS = 'nofile=8192:8192,nproc=8192:8192';

/**
 * The Docker driver with BERTH_DOCKER_NETWORK against the real engine (the local stack's Podman):
 * the container joins the network, publishes nothing, and answers at the address the driver
 * reports for it, on its own port.
 */
describe('DockerDriver on a network', () => {
  const prefix = `n${randomBytes(4).toString('hex')}`;
  const network = `berth-${prefix}`;
  const image = `localhost/berth-binary:${prefix}`;
  let docker: Docker;
  let driver: DockerDriver;

  const [spec] = desiredDeployments({
    _id: `${prefix}app`, name: 'hello', ownerTenant: 'management', version: '1.0.0', binaryId: prefix, deleted: false, infoVersion: 1, binaryVersion: 1,
    manifest: {},
  }, ['t1']);
  const request: InstanceRequest = {
    spec, slot: 0, image, name: `${prefix}-hello-0`, env: { SERVER_PORT: '80' }, ports: [80], memoryBytes: 64 * 1024 * 1024, nanoCpus: 5e8,
  };

  beforeAll(async () => {
    docker = engine()!;
    await docker.createNetwork({ Name: network });
    driver = new DockerDriver(process.env.DOCKER_HOST!, ULIMITS, prefix, network);
    await driver.loadImage(Readable.from(helloImage()), image);
  });

  afterAll(async () => {
    await driver.remove(request.name);
    await docker.getNetwork(network).remove().catch(() => undefined);
    await docker.getImage(image).remove().catch(() => undefined);
  });

  it('runs the instance on the network, reached at its address there on its own port, with no port published', async () => {
    const id = await driver.run(request);
    const info = await docker.getContainer(id).inspect();
    expect(Object.keys(info.NetworkSettings.Networks)).toEqual([network]);
    // The engine lists an exposed port that is not published with no bindings (null or []).
    expect(Object.values(info.NetworkSettings.Ports ?? {}).flatMap((b) => b ?? [])).toEqual([]);
    const address = info.NetworkSettings.Networks[network].IPAddress;
    expect(address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);

    const [listed] = (await driver.list()).filter((i) => i.id === id);
    expect(listed).toMatchObject({ host: address, ports: { 80: 80 }, running: true, deploymentId: spec._id });
    expect(await driver.ports(id)).toEqual({ 80: 80 });

    const deadline = Date.now() + 30000;
    let answer = '';
    while (Date.now() < deadline && !answer.includes('hello network!')) {
      answer = await fetch(`http://${listed.host}:${listed.ports[80]}/hello?who=network`, { signal: AbortSignal.timeout(2000) })
        .then((r) => r.text(), () => '');
      if (!answer) await new Promise((r) => setTimeout(r, 200));
    }
    expect(answer).toContain('hello network!');
  });
});
