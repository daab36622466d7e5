import type { HowKey } from './how-en.js';

/** O texto da página que explica a prova de reservas, em português (as mesmas chaves de how-en.ts). */
export const howPtBR: Record<HowKey, string> = {
  intro:
    'A plataforma guarda os tokens que você colocou em stake. A prova de reservas permite que você confira por conta própria, sem precisar confiar na palavra de ninguém, que o que a plataforma deve a você está contado e quanto do que ela deve está nas carteiras dela.',
  snapshotHeading: 'O que é um snapshot',
  snapshot1:
    'Todos os dias, e sempre que o operador pede, o servidor faz um snapshot. Para cada participante, ele soma o que deve: os stakes e as recompensas ainda não pagos e os saques aguardando pagamento. No mesmo momento, ele lê os saldos das carteiras que guardam as reservas.',
  snapshot2:
    'Os valores devidos entram em uma árvore de hashes que também carrega somas. Cada participante é uma folha; cada nível acima junta duas partes em um hash e uma soma. O topo da árvore, a raiz, carrega o total devido a todos. Depois, a raiz é gravada na blockchain.',
  showsHeading: 'O que a sua prova mostra',
  shows1:
    'O seu stake está contado no total com que as reservas são comparadas. A sua prova é o caminho da sua folha até a raiz: o seu navegador recalcula cada hash e cada soma pelo caminho e confere se chegam à raiz e ao total publicados.',
  shows2:
    'Todo participante vê a mesma raiz. Ela fica gravada na blockchain, em uma transação com memo assinada por uma carteira das reservas, então o operador não consegue mostrar uma raiz para você e outra para o seu vizinho.',
  shows3:
    'Ninguém pode ser contado por menos sem que isso apareça. Os valores estão dentro dos hashes: trocar uma parte da árvore por uma soma menor muda o hash dela, e o caminho deixa de chegar à raiz.',
  shows4: 'Os hashes são completos, de 32 bytes, nunca encurtados, o que permitiria falsificá-los testando muitas entradas.',
  shows5:
    'A sua prova não revela os outros participantes. Cada folha é calculada com um salt secreto daquele participante e daquele snapshot, então nenhum hash do seu caminho pode ser ligado a uma carteira. As somas do seu caminho são valores devidos a partes da árvore, sem nenhuma carteira associada.',
  shows6:
    'A cobertura são as reservas lidas no snapshot (na transação de âncora, depois que ela é confirmada) divididas pelo total devido. Acima de 100% quer dizer que as carteiras tinham mais do que tudo o que era devido.',
  checksHeading: 'O que o seu painel confere a cada visita',
  checksIntro:
    'O seu navegador confere o snapshot mais recente por conta própria sempre que você abre o painel. Ele não aceita a palavra da plataforma sobre nada que possa ler em outro lugar: a blockchain é lida de um endpoint público da Solana, nunca pelo servidor da plataforma, e o painel mostra o host desse endpoint para que você possa avaliá-lo.',
  checks1: 'A sua prova: cada hash e cada soma da sua folha até a raiz e o total publicados.',
  checks2:
    'A âncora, na blockchain: a transação existe e está finalizada, tem exatamente um memo, que é a raiz, e foi assinada por uma carteira cuja conta de token está entre as reservas.',
  checks3:
    'As reservas, na blockchain: cada conta de token aparece uma só vez, guarda o token do stake e tinha no snapshot o saldo que o snapshot publica.',
  checks4:
    'O seu valor: o que a sua prova conta para você não é menor do que a soma dos seus stakes e saques pendentes no momento do snapshot, nem do que a sua carteira depositou na blockchain nas carteiras de staking menos o que recebeu de volta.',
  checks5:
    'Se algo falhar, um aviso no topo do seu painel diz o que falhou e o que fazer: baixar a prova, conferi-la no seu próprio computador com o comando abaixo e falar com o operador. A falha é informada ao operador. Se a blockchain não puder ser acessada, o painel avisa e deixa você tentar de novo: isso não é uma falha.',
  limitsHeading: 'O que ela não consegue mostrar',
  limits1:
    'Ela não prova que ninguém ficou de fora. Um participante que falta na árvore deixa o total menor e a cobertura com cara de melhor, e só esse participante consegue perceber: ninguém mais sabe quanto é devido a ele.',
  limits2:
    'Por isso o seu painel confere a sua prova sozinho a cada visita. O operador não tem como saber quem vai olhar: qualquer participante deixado de fora que abrir o painel vê um aviso, e a falha é informada. Deixar alguém de fora é uma aposta que o operador perde na primeira visita dessa pessoa.',
  limits3:
    'Os seus próprios registros, os stakes e saques que o seu painel lista, também vêm da plataforma. Os seus depósitos na blockchain, não: o painel os lê por conta própria. De vez em quando, compare os seus stakes com o histórico da sua carteira.',
  limits4:
    'Um snapshot é um momento. Ele não mostra dívidas que a plataforma tenha em outro lugar, nem que as carteiras ainda tinham os tokens no dia seguinte: para isso existe o próximo snapshot.',
  byHandHeading: 'Confira à mão',
  byHand1: 'No seu painel, escolha Baixar prova. O arquivo traz o snapshot como foi publicado e a sua prova nele.',
  byHand2:
    'Com o Node.js instalado, rode isto na pasta onde está o arquivo (o npx busca o verificador neste site, nada de um registro de pacotes):',
  checksum: 'O SHA-256 desse arquivo, o mesmo para qualquer pessoa que compile esta versão do verificador a partir do código público:',
  checkFirst:
    'Para conferi-lo antes de rodar: baixe o arquivo, compare o SHA-256 dele com este (sha256sum no Linux, shasum -a 256 no macOS) e passe ao npx o arquivo baixado: --package=./ seguido do nome dele.',
  verifierMissing:
    'Este site não oferece o verificador no momento. O código dele é público, no repositório do Stakedesk (verifier/), onde npx stakedesk-verify o executa depois de npm install.',
  byHand3:
    'Sem --rpc, ele recalcula o seu caminho até a raiz e o total publicados. Acrescente --rpc e o endereço de um nó RPC da Solana para conferir na blockchain o que o seu painel confere: a transação de âncora está finalizada, tem exatamente um memo, a raiz, e foi assinada por uma carteira das reservas; cada conta de reserva aparece uma só vez e tinha o que o snapshot lista; e o que o snapshot conta para você não é menos do que os seus stakes (no arquivo) e os seus depósitos na blockchain dizem que era devido.',
  byHand4:
    'Escolha um nó RPC em que você mesmo confie, não um que o operador forneça. Acrescente --wallet e o endereço da sua carteira para conferir também que a prova é sua.',
  snapshotsLink: 'Ver os snapshots mais recentes',
};
