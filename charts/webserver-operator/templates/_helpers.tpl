{{/* The labels on every object of the release besides the CRDs: deploy/'s, and Helm's own. */}}
{{- define "webserver-operator.labels" -}}
app.kubernetes.io/part-of: webserver-operator
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end }}

{{/* The ConfigMap the operator reads its templates from. */}}
{{- define "webserver-operator.templatesConfigMap" -}}
{{- .Values.templates.existingConfigMap | default (printf "%s-templates" .Values.name) -}}
{{- end }}

{{/* The operator's arguments, as deploy/deployment.yaml and deploy-sharded/ write them. */}}
{{- define "webserver-operator.args" -}}
- run
{{- if ne .Values.name "webserver-operator" }}
- --name={{ .Values.name }}
{{- end }}
{{- if .Values.sharding.enabled }}
- --shards=auto
{{- else if .Values.leaderElection.enabled }}
- --leader-elect
{{- end }}
{{- if or .Values.sharding.enabled .Values.leaderElection.enabled }}
{{- with .Values.leaderElection.leaseDuration }}
- --lease-duration={{ . }}
{{- end }}
{{- with .Values.leaderElection.renewDeadline }}
- --lease-renew-deadline={{ . }}
{{- end }}
{{- with .Values.leaderElection.retryPeriod }}
- --lease-retry-period={{ . }}
{{- end }}
{{- end }}
{{- with .Values.watchNamespaces }}
- --namespace={{ join "," . }}
{{- end }}
- --templates
{{- if .Values.gitSync.enabled }}
- {{ trimSuffix "/" (printf "/git/current/%s" (trimPrefix "/" .Values.gitSync.path)) }}
{{- else }}
- /templates
{{- end }}
{{- end }}

{{/* git-sync's environment; the init container adds GITSYNC_ONE_TIME. */}}
{{- define "webserver-operator.gitSyncEnv" -}}
- name: GITSYNC_REPO
  value: {{ required "gitSync.repository is required with gitSync.enabled" .Values.gitSync.repository | quote }}
- name: GITSYNC_REF
  value: {{ .Values.gitSync.branch | quote }}
- name: GITSYNC_ROOT
  value: /git
- name: GITSYNC_LINK
  value: current
- name: GITSYNC_PERIOD
  value: {{ .Values.gitSync.period | quote }}
- name: GITSYNC_DEPTH
  value: "1"
- name: HOME
  value: /tmp
{{- with .Values.gitSync.credentialsSecret }}
{{- if eq $.Values.gitSync.credentialsType "ssh" }}
- name: GITSYNC_SSH_KEY_FILE
  value: /etc/git-secret/ssh
- name: GITSYNC_SSH_KNOWN_HOSTS_FILE
  value: /etc/git-secret/known_hosts
{{- else }}
- name: GITSYNC_USERNAME
  valueFrom:
    secretKeyRef:
      name: {{ . }}
      key: username
- name: GITSYNC_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ . }}
      key: password
{{- end }}
{{- end }}
{{- end }}

{{/* A git-sync container: the sidecar, or with oneTime the init container that makes the first checkout. */}}
{{- define "webserver-operator.gitSyncContainer" -}}
- name: {{ if .oneTime }}git-sync-init{{ else }}git-sync{{ end }}
  image: "{{ .Values.gitSync.image.repository }}:{{ .Values.gitSync.image.tag }}"
  imagePullPolicy: {{ .Values.gitSync.image.pullPolicy }}
  env:
    {{- include "webserver-operator.gitSyncEnv" . | nindent 4 }}
    {{- if .oneTime }}
    - name: GITSYNC_ONE_TIME
      value: "true"
    {{- end }}
  resources:
    {{- toYaml .Values.gitSync.resources | nindent 4 }}
  securityContext:
    runAsUser: 65533
    runAsGroup: 65533
    allowPrivilegeEscalation: false
    readOnlyRootFilesystem: true
    runAsNonRoot: true
    capabilities:
      drop: [ALL]
  volumeMounts:
  - name: git
    mountPath: /git
  - name: git-tmp
    mountPath: /tmp
  {{- if and .Values.gitSync.credentialsSecret (eq .Values.gitSync.credentialsType "ssh") }}
  - name: git-secret
    mountPath: /etc/git-secret
    readOnly: true
  {{- end }}
{{- end }}
