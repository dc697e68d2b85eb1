import type { OrchestratorConfig } from '../../config/microservice-orchestrator.env';
import type { RuntimeDriver } from '../application/ports/runtime-driver';
import { DockerDriver } from './docker/docker-driver';

/**
 * The driver `BERTH_RUNTIME_DRIVER` names. Kubernetes reads `BERTH_KUBERNETES_KUBECONFIG`, else the
 * pod's service account; its client is loaded only then (it takes about a second to load).
 * @throws Error when neither is available, so the app fails at start-up.
 */
export async function runtimeDriver(c: OrchestratorConfig, env: NodeJS.ProcessEnv = process.env): Promise<RuntimeDriver> {
  if (c.BERTH_RUNTIME_DRIVER === 'docker') return new DockerDriver(c.DOCKER_HOST, c.BERTH_CONTAINER_ULIMITS, c.BERTH_DB_PREFIX, c.BERTH_DOCKER_NETWORK);
  const [{ KubeConfig }, { KubernetesDriver }] = await Promise.all([import('@kubernetes/client-node'), import('./kubernetes/kubernetes-driver')]);
  const kc = new KubeConfig();
  if (c.BERTH_KUBERNETES_KUBECONFIG) kc.loadFromFile(c.BERTH_KUBERNETES_KUBECONFIG);
  else if (env.KUBERNETES_SERVICE_HOST) kc.loadFromCluster();
  else throw new Error('BERTH_RUNTIME_DRIVER=kubernetes outside a cluster needs BERTH_KUBERNETES_KUBECONFIG');
  return new KubernetesDriver(kc, {
    namespace: c.BERTH_KUBERNETES_NAMESPACE, prefix: c.BERTH_DB_PREFIX, imageRegistry: c.BERTH_KUBERNETES_IMAGE_REGISTRY!,
    ...(c.BERTH_KUBERNETES_IMAGE_PULL_SECRET ? { imagePullSecret: c.BERTH_KUBERNETES_IMAGE_PULL_SECRET } : {}),
  });
}
