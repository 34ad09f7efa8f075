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
- /templates
{{- end }}
