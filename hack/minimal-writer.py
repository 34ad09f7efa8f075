#!/usr/bin/env python3
"""Cross-check of bench scale's minimal client, in Python's standard library alone.

For each of N WebServers it makes the writes bench scale's MinimalWriter makes: create the
WebServer (not counted), server-side apply its Deployment and Service, merge-patch its status.
Each thread keeps one HTTP/1.1 keep-alive connection. The bodies are what `render` prints for a
WebServer with image nginx:1.27 and 2 replicas; if the templates change, change them here too.

    hack/minimal-writer.py --kubeconfig KUBECONFIG --namespace NS --count 500 --threads 8

The kubeconfig must hold a server, embedded CA data and a bearer token (as `dev` and `bench scale`
write them). Prints the seconds and the writes per second; exits 1 on the first refused request.
"""

import argparse
import base64
import concurrent.futures
import http.client
import json
import re
import ssl
import sys
import tempfile
import threading
import time
import urllib.parse

FIELD_MANAGER = "webserver-operator"
MANAGED = {"app.kubernetes.io/managed-by": "webserver-operator"}


def read_kubeconfig(path):
    text = open(path, encoding="utf-8").read()

    def field(name):
        match = re.search(r"^\s*" + name + r":\s*(\S+)\s*$", text, re.MULTILINE)
        if not match:
            sys.exit(f"{path}: no '{name}:' line; this script reads token kubeconfigs only")
        return match.group(1).strip("'\"")

    return field("server"), base64.b64decode(field("certificate-authority-data")), field("token")


def owner(name, uid):
    return [{"apiVersion": "webapp.example.com/v1", "kind": "WebServer", "name": name,
             "uid": uid, "controller": True, "blockOwnerDeletion": True}]


def metadata(name, namespace, child, uid):
    labels = {"app": name, **MANAGED, "app.kubernetes.io/instance": name}
    return {"name": f"{name}-{child}", "namespace": namespace, "labels": labels,
            "ownerReferences": owner(name, uid)}


def deployment(name, namespace, uid):
    return {"apiVersion": "apps/v1", "kind": "Deployment",
            "metadata": metadata(name, namespace, "deployment", uid),
            "spec": {"replicas": 2, "selector": {"matchLabels": {"app": name}},
                     "template": {"metadata": {"labels": {"app": name}},
                                  "spec": {"containers": [{"name": "nginx", "image": "nginx:1.27",
                                                           "ports": [{"containerPort": 80}]}]}}}}


def service(name, namespace, uid):
    return {"apiVersion": "v1", "kind": "Service",
            "metadata": metadata(name, namespace, "service", uid),
            "spec": {"type": "ClusterIP", "selector": {"app": name},
                     "ports": [{"name": "http", "protocol": "TCP", "port": 80,
                                "targetPort": 80}]}}


def status(name, namespace, generation):
    now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    return {"status": {
        "availableReplicas": 0, "observedGeneration": generation,
        "conditions": [{"type": "Ready", "status": "False", "observedGeneration": generation,
                        "lastTransitionTime": now, "reason": "Progressing",
                        "message": "0 of 2 replicas available"}],
        "inventory": [
            {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": namespace,
             "name": f"{name}-deployment"},
            {"apiVersion": "v1", "kind": "Service", "namespace": namespace,
             "name": f"{name}-service"}]}}


class Writer:
    def __init__(self, server, ca, token):
        url = urllib.parse.urlsplit(server)
        self.host, self.port = url.hostname, url.port or 443
        with tempfile.NamedTemporaryFile(suffix=".crt") as ca_file:
            ca_file.write(ca)
            ca_file.flush()
            self.context = ssl.create_default_context(cafile=ca_file.name)
        self.token = token
        self.local = threading.local()

    def send(self, method, path, content_type, body):
        if not hasattr(self.local, "connection"):
            self.local.connection = http.client.HTTPSConnection(
                self.host, self.port, context=self.context)
        connection = self.local.connection
        connection.request(method, path, body=json.dumps(body).encode(), headers={
            "Authorization": f"Bearer {self.token}", "Content-Type": content_type,
            "Accept": "application/json"})
        response = connection.getresponse()
        answer = response.read()
        if response.status // 100 != 2:
            raise RuntimeError(f"{method} {path} failed with {response.status}: {answer[:500]}")
        return json.loads(answer)

    def write_one(self, namespace, index):
        name = f"web-{index:05d}"
        webservers = f"/apis/webapp.example.com/v1/namespaces/{namespace}/webservers"
        created = self.send("POST", webservers, "application/json", {
            "apiVersion": "webapp.example.com/v1", "kind": "WebServer",
            "metadata": {"name": name, "namespace": namespace},
            "spec": {"image": "nginx:1.27", "replicas": 2}})
        uid, generation = created["metadata"]["uid"], created["metadata"]["generation"]
        apply = f"?fieldManager={FIELD_MANAGER}&force=true"
        self.send("PATCH", f"/apis/apps/v1/namespaces/{namespace}/deployments/{name}-deployment"
                  + apply, "application/apply-patch+yaml", deployment(name, namespace, uid))
        self.send("PATCH", f"/api/v1/namespaces/{namespace}/services/{name}-service" + apply,
                  "application/apply-patch+yaml", service(name, namespace, uid))
        self.send("PATCH", f"{webservers}/{name}/status", "application/merge-patch+json",
                  status(name, namespace, generation))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kubeconfig", required=True)
    parser.add_argument("--namespace", required=True, help="an existing namespace")
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args()
    writer = Writer(*read_kubeconfig(args.kubeconfig))
    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(args.threads) as pool:
        for future in [pool.submit(writer.write_one, args.namespace, i)
                       for i in range(args.count)]:
            future.result()
    seconds = time.monotonic() - start
    print(f"python minimal writer: {args.count} WebServers in {seconds:.2f} s "
          f"({3 * args.count} counted writes, {3 * args.count / seconds:.0f} per second) "
          f"with {args.threads} threads")


if __name__ == "__main__":
    main()
