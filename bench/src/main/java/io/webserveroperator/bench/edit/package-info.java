/**
 * The template-edit phase of {@code bench scale --template-edit}: a copy of the templates the
 * benchmark edits ({@link io.webserveroperator.bench.edit.TemplateCopy}), a simulated Deployment
 * controller that rolls Deployments out ({@link
 * io.webserveroperator.bench.edit.SimulatedDeploymentController}), the watches that time the move
 * to a new template revision ({@link io.webserveroperator.bench.edit.RevisionWatch}, {@link
 * io.webserveroperator.bench.edit.StoredRevisionWatch}) and the phase itself ({@link
 * io.webserveroperator.bench.edit.TemplateEditPhase}), with its figures, and the picture of an edit
 * ({@link io.webserveroperator.bench.edit.RevisionPlot}: WebServers per revision over time, the
 * rollout's steps marked). Depends on {@code bench} and {@code bench.plot} only.
 */
package io.webserveroperator.bench.edit;
